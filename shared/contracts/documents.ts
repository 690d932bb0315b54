import { z } from 'zod';

/** A patient's document (spec §7 "User" Documents/): what is known of a stored file. */
export const documentData = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  /** Whether Documents/{id}/preview has an image a browser can show (JPG, PNG, a HEIC's JPEG). */
  hasPreview: z.boolean(),
});
export type DocumentData = z.infer<typeof documentData>;

export const documentListData = z.object({ documents: z.array(documentData) });
export type DocumentListData = z.infer<typeof documentListData>;

/** Documents/{documentId} */
export const documentParams = z.object({ documentId: z.string().min(1).max(64) }).strict();
