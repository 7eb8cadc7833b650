import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { MESSAGE_DATE_FORMAT } from '@ed/contract/constants';

dayjs.extend(utc);

/** Message dates are shown in UTC as M/D/YYYY h:mm A (part 2 §9). */
export const formatUtc = (iso: string): string => dayjs.utc(iso).format(MESSAGE_DATE_FORMAT);

/** A day of a UTC schedule (a notification runs from the start of one UTC day to the end of another). */
export const formatUtcDay = (iso: string): string => dayjs.utc(iso).format('YYYY-MM-DD');

/** Today as a date input's value (YYYY-MM-DD, UTC day, as the server checks it). */
export const todayInput = (): string => dayjs.utc().format('YYYY-MM-DD');

/** A date input's day as the start (00:00:00.000) or end (23:59:59.999) of that UTC day. */
export const dayStartIso = (day: string): string => dayjs.utc(day).startOf('day').toISOString();
export const dayEndIso = (day: string): string => dayjs.utc(day).endOf('day').toISOString();

/** An ISO time as a date input's value, in UTC. */
export const inputDay = (iso: string): string => dayjs.utc(iso).format('YYYY-MM-DD');
