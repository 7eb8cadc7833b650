import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { useDetailParam } from '../../../shared/equipment/lib/detail-param';
import { equipmentKeys, fetchEquipment } from '../../../shared/equipment/api/equipment';

const notFoundText = (serialNumber: string) => `Serial number ${serialNumber} not found.`;

/**
 * The top bar's search (part 1 §2, §8): a match opens the equipment detail over the screen the
 * user is on (which stays as it was behind it), no match is a notice.
 * A malformed serial number (400) cannot match either, so it reads the same to the user.
 */
export function useSerialSearch(): (serialNumber: string) => Promise<void> {
  const [, showDetail] = useDetailParam();
  const queryClient = useQueryClient();
  const { notify } = useNotice();
  return async (serialNumber) => {
    try {
      const unit = await fetchEquipment(serialNumber);
      // The dialog opens on what was just read instead of reading it again.
      queryClient.setQueryData(equipmentKeys.detail(serialNumber), unit);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
        notify(notFoundText(serialNumber), 'error');
        return;
      }
      throw error;
    }
    showDetail(serialNumber);
  };
}
