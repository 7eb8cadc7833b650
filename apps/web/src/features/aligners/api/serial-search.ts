import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { equipmentKeys, fetchEquipment } from './equipment';

export const notFoundText = (serialNumber: string) => `Serial number ${serialNumber} not found.`;

export const detailPath = (serialNumber: string) => `/Aligners?serial=${encodeURIComponent(serialNumber)}`;

/**
 * The top bar's search (part 1 §2, §8): a match opens the equipment detail, no match is a notice.
 * A malformed serial number (400) cannot match either, so it reads the same to the user.
 */
export function useSerialSearch(): (serialNumber: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotice();
  return async (serialNumber) => {
    try {
      const unit = await fetchEquipment(serialNumber);
      // The dialog opens on what was just read instead of reading it again.
      queryClient.setQueryData(equipmentKeys.detail(serialNumber), unit);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        notify(notFoundText(serialNumber));
        return;
      }
      throw error;
    }
    await navigate(detailPath(serialNumber));
  };
}
