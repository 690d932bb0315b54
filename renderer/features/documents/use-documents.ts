import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-context';
import { deleteDocument, fetchDocuments, uploadDocument } from './documents-api';

const documentKeys = {
  list: (identity: string) => ['documents', identity] as const,
};

export function useDocuments(identity: string) {
  const client = useApiClient();
  return useQuery({ queryKey: documentKeys.list(identity), queryFn: () => fetchDocuments(client) });
}

export function useUploadDocument(identity: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: Blob; name: string }) =>
      uploadDocument(client, file, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(identity) }),
  });
}

export function useDeleteDocument(identity: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(client, documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(identity) }),
  });
}
