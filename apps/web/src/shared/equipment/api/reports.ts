import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { callApi } from '../../api/client';
import { ApiError, send } from '../../api/http';

export const reportKeys = {
  screenShots: (serialNumber: string) => ['aligners', 'screen-shots', serialNumber] as const,
  report: (kind: StatusReportKind | 'voltages', serialNumber: string) =>
    ['aligners', 'report', kind, serialNumber] as const,
};

/** A unit's screen shots, newest first, each with its 96×54 thumbnail inline. */
export function useScreenShots(serialNumber: string) {
  return useQuery({
    queryKey: reportKeys.screenShots(serialNumber),
    queryFn: ({ signal }) => callApi(reportsRoutes.getScreenShots, { query: { serialNumber }, signal }),
  });
}

export function useDeleteScreenShot(serialNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(reportsRoutes.deleteScreenShot, { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.screenShots(serialNumber) }),
  });
}

/**
 * The full image is a binary download that needs the bearer, which an <a href> cannot send:
 * fetch it as a blob and hand it to the browser as a file.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const { response } = await send(url);
  if (!response.ok) throw new ApiError(response.status, `The download failed (HTTP ${response.status}).`);
  // The server names the file; the caller's name is the fallback.
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = named ?? fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

export type StatusReportKind = 'usb' | 'printer';

const STATUS_ROUTES = {
  usb: reportsRoutes.getLatestUsbStatus,
  printer: reportsRoutes.getLatestPrinterStatus,
} satisfies Record<StatusReportKind, object>;

export function useVoltageReport(serialNumber: string) {
  return useQuery({
    queryKey: reportKeys.report('voltages', serialNumber),
    queryFn: ({ signal }) => callApi(reportsRoutes.getLatestVoltages, { query: { serialNumber }, signal }),
  });
}

export function useStatusReport(kind: StatusReportKind, serialNumber: string) {
  return useQuery({
    queryKey: reportKeys.report(kind, serialNumber),
    queryFn: ({ signal }) => callApi(STATUS_ROUTES[kind], { query: { serialNumber }, signal }),
  });
}
