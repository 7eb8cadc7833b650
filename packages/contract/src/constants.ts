/** Business constants of part 1 §9 and part 2 §9. */
export const APP_TITLE = 'Equipment Dashboard';
export const APP_VERSION = '2.0.0';

/** Counted in characters as a person sees them (code points), not UTF-16 units. */
export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it cannot be used to load the server. */
export const PASSWORD_MAX_LENGTH = 256;
/** The request schemas' bound in UTF-16 units: a code point takes at most two, so the policy decides. */
export const PASSWORD_MAX_UTF16 = PASSWORD_MAX_LENGTH * 2;
export const EXPIRY_CHECK_INTERVAL_MS = 1_800_000;

export const NOTICE_TIMEOUT_MS = 3_000;
export const ALERT_TIMEOUT_MS = 10_000;

export const PAGE_SIZE = 10;
export const TREND_POINTS = 60;

export const TARGET_TYPES = ['AT200', 'AT700'] as const;
export const LOG_LEVELS = ['WARN', 'INFO'] as const;

export const SCREENSHOT_THUMBNAIL = { width: 96, height: 54 } as const;
export const ATTACHMENT_THUMBNAIL_WIDTH = 102;
export const IMAGE_OVERLAY_WIDTH = 1024;
export const RADAR_PANEL_HEIGHT = 600;

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const UNIT_LOCAL_TIME_FORMAT = 'ddd MMMM Do, YYYY HH:mm:ss';
export const MESSAGE_DATE_FORMAT = 'M/D/YYYY h:mm A';

export const TICKET_DISPOSITIONS = ['Demo', 'New Install', 'New Transfer', 'Owned Aligner'] as const;

export const DIALOG_WIDTH = { default: 600, message: 1000, cameraCalibration: 1100 } as const;

/** localStorage key that holds the signed-in token object. */
export const TOKEN_STORAGE_KEY = 'user-token';

/** socket.io path of the live-event socket. */
export const SOCKET_PATH = '/dashboard';

export const flagUrl = (countryCode: string): string => `/flags/${countryCode.toLowerCase()}.png`;

/** The largest id a record's 32-bit column holds: a bigger one is no record, refused before the database sees it. */
export const INT32_MAX = 2 ** 31 - 1;
