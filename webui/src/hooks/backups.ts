import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** Backup is one archive in the server's backup directory (GET /api/backups). */
export interface Backup {
  name: string;
  size: number;
  createdAt: string;
}

/** BACKUPS is the backups' list path; an archive downloads from `${BACKUPS}/{name}`. */
export const BACKUPS = '/api/backups';

/** useBackups lists the server's backups, newest first, while enabled. */
export const useBackups = (enabled: boolean) => useQuery<Backup[]>({ queryKey: [BACKUPS], enabled });

/** useCreateBackup backs up now (POST /api/backups) and refreshes the list. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Backup>('POST', BACKUPS),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUPS] }),
  });
}
