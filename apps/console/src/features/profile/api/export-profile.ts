import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exportProfile = () => api.get('/auth/me/export');

function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** 'Exportar dados': fetches the export (secrets excluded by the server) and saves it as a JSON file. */
export const useExportProfile = () =>
  useMutation({
    mutationFn: exportProfile,
    onSuccess: (data) =>
      download(`webhook-manager-export-${data.exportedAt.slice(0, 10)}.json`, JSON.stringify(data, null, 2)),
  });
