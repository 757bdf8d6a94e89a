import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { UploadTicketRoute } from '../../lib/upload-file';
import { ImageUpload, type UploadedImage } from '../uploads/ImageUpload';

/**
 * An admin's image: uploaded with progress, then turned into an object path by
 * POST /api/admin/process-image (spec). Answers the path, or undefined when cleared.
 */
export function AdminImageField({
  label,
  ticketRoute,
  maxBytes,
  hint,
  thumbnail = true,
  onChange,
}: {
  label: string;
  ticketRoute: UploadTicketRoute;
  maxBytes: number;
  hint: string;
  /** false: the caller shows the image itself (the flash ad's banner preview). */
  thumbnail?: boolean;
  onChange: (objectPath: string | undefined) => void;
}) {
  const [processing, setProcessing] = useState(false);
  async function processImage(image: UploadedImage | undefined) {
    if (!image) {
      onChange(undefined);
      return;
    }
    setProcessing(true);
    try {
      const { objectPath } = await answer(
        api.admin['process-image'].$post({ json: { uploadURL: image.uploadURL } }),
      );
      onChange(objectPath);
      toast({ title: 'Image Uploaded', description: 'The image is ready to be saved.' });
    } catch {
      onChange(undefined);
      toast({
        title: 'Upload Error',
        description: 'Failed to process uploaded image.',
        variant: 'destructive',
      });
    } finally {
      setProcessing(false);
    }
  }
  return (
    <div>
      <ImageUpload
        label={label}
        ticketRoute={ticketRoute}
        maxBytes={maxBytes}
        hint={hint}
        thumbnail={thumbnail}
        onUploaded={(image) => void processImage(image)}
      />
      {processing && (
        <p className="mt-1 text-sm" role="status">
          Processing image...
        </p>
      )}
    </div>
  );
}
