import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { AdminFlashAd } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { flashAdLinkProblem, isExternalLink } from '../../lib/flash-ad-link';
import { formatDate } from '../../lib/format';
import { refreshQueries } from '../../lib/refresh-queries';
import {
  durationSeconds,
  EMPTY_FLASH_AD_FORM,
  FlashAdFormSchema,
  type FlashAdForm,
} from '../../lib/schemas/admin-forms';
import { toast } from '../../lib/toast';
import { UPLOAD_PURPOSES } from '../../lib/uploads';
import { FlashAdContent, type FlashAdView } from '../home/FlashAdContent';
import { useConfirm } from '../ui/ConfirmDialog';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { FormCard } from '../ui/FormCard';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { ADMIN_KEYS, toastFailure } from './admin-queries';
import { AdminImageField } from './AdminImageField';
import { ListHeading } from './ListHeading';
import { QueryResult } from './QueryResult';
import { RowButton } from './RowButton';

type Values = z.output<typeof FlashAdFormSchema>;

const formOf = (ad: AdminFlashAd): FlashAdForm => ({
  title: ad.title,
  subtitle: ad.subtitle,
  linkUrl: ad.linkUrl ?? '',
  isActive: ad.isActive,
  priority: String(ad.priority),
  displayDuration: durationSeconds(ad.displayDuration),
});

/** The inline create/edit form (spec section 4): saving or cancelling closes and resets it. */
function FlashAdEditor({
  editing,
  onClose,
}: {
  editing: AdminFlashAd | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [imageUrl, setImageUrl] = useState<string | null>(editing?.imageUrl ?? null);
  const { register, handleSubmit, formState, watch } = useForm<FlashAdForm, unknown, Values>({
    resolver: zodResolver(FlashAdFormSchema),
    defaultValues: editing ? formOf(editing) : EMPTY_FLASH_AD_FORM,
  });
  const verb = editing ? 'update' : 'create';
  const save = useMutation({
    mutationFn: (values: Values) =>
      editing
        ? answer(
            api.admin['flash-ads'][':id'].$put({
              param: { id: String(editing.id) },
              json: { ...values, imageUrl },
            }),
          )
        : answer(api.admin['flash-ads'].$post({ json: { ...values, imageUrl } })),
    onSuccess: async () => {
      // The list is fresh before the toast says so: a preview right after shows the change.
      await refreshQueries(queryClient, ADMIN_KEYS.flashAds, ['/api/flash-ads']);
      toast({
        title: editing ? 'Flash Ad Updated' : 'Flash Ad Created',
        description: 'The home page banner shows the change.',
      });
      onClose();
    },
    onError: (error) => toastFailure('Error', error, `Failed to ${verb} flash ad`),
  });
  const { errors } = formState;
  const fieldProps = formFieldProps({ register, formState }, id);
  const [title, subtitle, linkUrl] = watch(['title', 'subtitle', 'linkUrl']);
  return (
    <FormCard
      title={editing ? 'Edit Flash Ad' : 'Create Flash Ad'}
      heading="h3"
      onSubmit={(e) =>
        void handleSubmit(
          (values) => save.mutate(values),
          (invalid) => {
            // Spec section 5: blank title or subtitle is the 'Validation Error' toast.
            if (invalid.title || invalid.subtitle) {
              toast({
                title: 'Validation Error',
                description: 'Title and subtitle are required',
                variant: 'destructive',
              });
            }
          },
        )(e)
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Title" {...fieldProps('title')} />
        <TextField label="Subtitle" {...fieldProps('subtitle')} />
        <TextField
          label="Priority (1 is highest)"
          type="number"
          min={1}
          {...fieldProps('priority')}
        />
        <TextField
          label="Display duration (seconds)"
          type="number"
          inputMode="decimal"
          min={1}
          max={60}
          step={0.5}
          {...fieldProps('displayDuration', 'duration')}
        />
      </div>
      <div>
        <TextField
          label="Link (optional)"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="/providers?serviceType=cctv"
          aria-describedby={errors.linkUrl ? `${id}-link-error ${id}-link-hint` : `${id}-link-hint`}
          {...fieldProps('linkUrl', 'link')}
        />
        <p id={`${id}-link-hint`} className="mt-1 text-sm">
          A page of this site starting with / (e.g. /providers?serviceType=cctv), or another site's
          address starting with https://. Leave it empty for a banner without a link.
        </p>
      </div>
      <label className="flex items-center gap-3">
        <input type="checkbox" className="toggle" {...register('isActive')} />
        Active
      </label>
      {imageUrl && (
        // The image itself shows in the preview below, framed as the banner frames it.
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">The ad has an image (see the preview).</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImageUrl(null)}>
            Remove image
          </button>
        </div>
      )}
      <AdminImageField
        label="Image (optional)"
        ticketRoute={api.admin['flash-ads'].upload.$post}
        maxBytes={UPLOAD_PURPOSES['flash-ad-image'].maxBytes}
        hint="One image, up to 10 MB (JPG, PNG, GIF or WebP). The preview below shows it as the banner will: a 3:2 crop from its middle."
        // No square thumbnail of the file: the preview shows the stored image as the banner does.
        thumbnail={false}
        onChange={(path) => path && setImageUrl(path)}
      />
      <LivePreview
        id={`${id}-preview`}
        ad={{
          title,
          subtitle,
          imageUrl,
          linkUrl: typeof linkUrl === 'string' ? linkUrl.trim() || null : null,
        }}
      />
      <FormActions
        className="card-actions justify-end"
        onCancel={onClose}
        label={editing ? 'Update Flash Ad' : 'Create Flash Ad'}
        busy={save.isPending && 'Saving...'}
      />
    </FormCard>
  );
}

/** The ad in the banner's frame, as the home page shows it (the link is described, not followed). */
function BannerFrame({ ad }: { ad: FlashAdView }) {
  return (
    <div className="overflow-hidden rounded-box bg-primary text-primary-content">
      <FlashAdContent ad={ad} eager asLink={false} />
    </div>
  );
}

/** Where a click on the banner leads, in words; or why the link cannot be saved yet. */
function linkNote(link: string | null): string {
  if (link === null) return 'The banner is not a link.';
  const problem = flashAdLinkProblem(link);
  if (problem) return `The banner will not be a link until the link is valid: ${problem}.`;
  return isExternalLink(link)
    ? `A click on the banner opens ${link} (another site).`
    : `A click on the banner opens ${link} on this site.`;
}

/** The form's banner, updated as the admin types (preview before saving). */
function LivePreview({ id, ad }: { id: string; ad: FlashAdView }) {
  const valid = ad.linkUrl !== null && flashAdLinkProblem(ad.linkUrl) === null;
  const shown = {
    ...ad,
    title: ad.title.trim() || 'Title',
    subtitle: ad.subtitle.trim() || 'Subtitle',
    linkUrl: valid ? ad.linkUrl : null,
  };
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h4 id={id} className="font-semibold">
        Preview
      </h4>
      <div data-testid="flash-ad-preview">
        <BannerFrame ad={shown} />
      </div>
      <p className="text-sm" data-testid="flash-ad-preview-link">
        {linkNote(ad.linkUrl)}
      </p>
    </section>
  );
}

function Preview({ ad }: { ad: AdminFlashAd }) {
  return (
    <div className="space-y-2 p-6">
      <h2 className="sr-only">Preview of {ad.title}</h2>
      <BannerFrame ad={ad} />
      <p className="text-sm">{linkNote(ad.linkUrl)}</p>
    </div>
  );
}

export function FlashAdsTab() {
  const queryClient = useQueryClient();
  const ads = useQuery({
    queryKey: ADMIN_KEYS.flashAds,
    queryFn: () => answer(api.admin['flash-ads'].$get()),
  });
  // undefined: no form; null: creating; an ad: editing it.
  const [editing, setEditing] = useState<AdminFlashAd | null>();
  const [previewing, setPreviewing] = useState<AdminFlashAd>();
  const { confirm, dialog } = useConfirm();
  const askRemove = async (ad: AdminFlashAd) => {
    const confirmed = await confirm({
      title: `Delete the flash ad “${ad.title}”?`,
      body: <p>It no longer shows in the home page banner. This cannot be undone.</p>,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (confirmed) remove.mutate(ad);
  };
  const remove = useMutation({
    mutationFn: (ad: AdminFlashAd) =>
      answer(api.admin['flash-ads'][':id'].$delete({ param: { id: String(ad.id) } })),
    onSuccess: async () => {
      toast({ title: 'Flash Ad Deleted', description: 'It no longer shows on the home page.' });
      await refreshQueries(queryClient, ADMIN_KEYS.flashAds, ['/api/flash-ads']);
    },
    onError: (error) => toastFailure('Error', error, 'Failed to delete flash ad'),
  });

  return (
    <div className="space-y-4">
      <ListHeading title="Flash Ads">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setEditing(null)}
          disabled={editing !== undefined}
        >
          Create Flash Ad
        </button>
      </ListHeading>
      {editing !== undefined && (
        <FlashAdEditor
          key={editing?.id ?? 'new'}
          editing={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <QueryResult query={ads} loading="Loading flash ads..." failed="Failed to load flash ads.">
        {(data) =>
          data.length === 0 ? (
            <p>No flash ads created yet. Create your first flash ad to get started.</p>
          ) : (
            <ul className="space-y-3">
              {data.map((ad) => (
                <li
                  key={ad.id}
                  className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4"
                  aria-label={ad.title}
                >
                  {ad.imageUrl ? (
                    <img src={ad.imageUrl} alt="" className="h-16 w-24 rounded-box object-cover" />
                  ) : (
                    <div className="h-16 w-24 rounded-box bg-base-200" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-semibold">{ad.title}</p>
                      <span
                        className={`badge badge-sm ${ad.isActive ? 'badge-success' : 'badge-ghost'}`}
                      >
                        {ad.isActive ? 'Active' : 'Inactive'}
                      </span>
                      <span className="badge badge-sm badge-outline">Priority {ad.priority}</span>
                      {ad.imageUrl && <span className="badge badge-sm badge-info">Image</span>}
                      {ad.linkUrl && (
                        <span className="badge badge-sm badge-outline" title={ad.linkUrl}>
                          Link
                        </span>
                      )}
                    </div>
                    <p className="text-sm">{ad.subtitle}</p>
                    <p className="text-sm">
                      {durationSeconds(ad.displayDuration)} s on screen · created{' '}
                      {formatDate(ad.createdAt)}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <RowButton label={`Preview ${ad.title}`} onClick={() => setPreviewing(ad)}>
                      Preview
                    </RowButton>
                    <RowButton label={`Edit ${ad.title}`} onClick={() => setEditing(ad)}>
                      Edit
                    </RowButton>
                    <RowButton
                      className="btn-error"
                      disabled={remove.isPending}
                      label={`Delete ${ad.title}`}
                      onClick={() => void askRemove(ad)}
                    >
                      Delete
                    </RowButton>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryResult>
      <Modal
        open={previewing !== undefined}
        onClose={() => setPreviewing(undefined)}
        label="Flash ad preview"
      >
        {previewing && <Preview ad={previewing} />}
      </Modal>
      {dialog}
    </div>
  );
}
