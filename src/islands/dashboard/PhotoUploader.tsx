import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/provider-dashboard';
import { toast } from '../../lib/toast';
import { UPLOAD_PURPOSES } from '../../lib/uploads';
import { FormActions } from '../ui/FormActions';
import { Modal } from '../ui/Modal';
import { ImageUpload, type UploadedImage } from '../uploads/ImageUpload';
import { toastFailure } from './session';

/** The profile photo's modal uploader: choose, watch the upload, then save it as the photo. */
export function PhotoUploader({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [image, setImage] = useState<UploadedImage>();
  const close = () => {
    setImage(undefined);
    onClose();
  };
  const save = useMutation({
    mutationFn: (uploaded: UploadedImage) =>
      answer(api.provider['profile-image'].$put({ json: { profileImageURL: uploaded.uploadURL } })),
    onSuccess: (profile) => {
      queryClient.setQueryData(ME_KEY, profile);
      toast({
        title: 'Profile Image Updated',
        description: 'Your profile image has been successfully updated',
      });
      close();
    },
    onError: (error) =>
      toastFailure(queryClient, error, 'Failed to update profile image. Please try again.'),
  });
  return (
    <Modal open={open} onClose={close} label="Upload profile photo">
      <div className="space-y-4 p-6">
        <h2 className="pr-10 text-xl font-bold">Upload Profile Photo</h2>
        <ImageUpload
          label="Profile photo"
          ticketRoute={api.objects.upload.$post}
          maxBytes={UPLOAD_PURPOSES['profile-image'].maxBytes}
          hint="Max file size: 5MB • Formats: JPG, PNG, GIF"
          onUploaded={setImage}
        />
        <FormActions
          onCancel={close}
          label="Save Photo"
          busy={save.isPending && 'Saving...'}
          disabled={!image}
          onAct={() => image && save.mutate(image)}
        />
      </div>
    </Modal>
  );
}
