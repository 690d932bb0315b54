ALTER TABLE "documents" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_preview_key_unique" UNIQUE("preview_key");