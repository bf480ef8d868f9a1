import { LIMITS } from '@taleforge/contracts/constants';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api';
import { Modal } from '../../shared/ui/dialog/modal';
import { CloseIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast/toast-store';
import { type CropArea, useUploadAvatar } from './profile-api';
// The cropper's own sheet, loaded with this chunk: its automatic <style> injection is off,
// since the page's Content-Security-Policy allows no inline style it has not hashed.
import 'react-easy-crop/react-easy-crop.css';

type Picked = { file: File; url: string; width: number; height: number };

/**
 * The browser's own checks (SPEC §5): an image type, at most 10 MB, and a picture the browser
 * can actually decode (a text file renamed .png is not). The server checks all of it again.
 */
async function pickImage(file: File): Promise<Picked | 'invalid' | 'tooLarge'> {
  if (!file.type.startsWith('image/')) return 'invalid';
  if (file.size > LIMITS.avatarMaxBytes) return 'tooLarge';
  // A data: URL, which the page's img-src already allows: no blob: source to open in the policy.
  const url = await readAsDataUrl(file);
  if (!url) return 'invalid';
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return 'invalid';
  }
  return { file, url, width: image.naturalWidth, height: image.naturalHeight };
}

function readAsDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** Whole pixels inside the picture: the cropper works in fractions, the server in pixels. */
function toCropArea(area: Area, picked: Picked): CropArea {
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  return {
    x,
    y,
    width: Math.min(Math.round(area.width), picked.width - x),
    height: Math.min(Math.round(area.height), picked.height - y),
  };
}

/**
 * Choose → check → crop → upload. The crop is applied by the server from the rectangle
 * (decision 35): the original bytes travel once, and no canvas re-encodes them in the browser.
 * The cropper moves by drag, touch (pinch to zoom) and arrow keys; the slider zooms too.
 */
export default function AvatarEditor({
  taleforgeId,
  onClose,
}: {
  taleforgeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar(taleforgeId);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await pickImage(file);
    if (result === 'invalid' || result === 'tooLarge') {
      setError(t(`profile.avatar.${result}`));
      return;
    }
    setError(null);
    setArea(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setPicked(result);
  };

  const handleSave = () => {
    if (!picked || !area || area.width < 1 || area.height < 1) {
      setError(t('profile.avatar.selectCrop'));
      return;
    }
    upload.mutate(
      { file: picked.file, crop: toCropArea(area, picked) },
      {
        onSuccess: () => {
          toast.success(t('profile.avatar.saved'));
          onClose();
        },
        onError: (failure) => {
          // The server's refusals (not an image, too large, crop) carry the SPEC's words.
          const refused =
            isApiError(failure) && failure.kind === 'status' && failure.status !== 6108;
          if (refused && failure.desc) setError(failure.desc);
          else toast.error(t('profile.avatar.saveFailed'));
        },
      },
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="dialog avatar-editor">
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {t('profile.avatar.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('profile.avatar.close')}
        >
          <CloseIcon />
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        // Out of sight and out of the accessibility tree: the buttons that open it are the way in.
        hidden
        onChange={(event) => void handleFile(event)}
      />
      {picked ? (
        <>
          <div className="avatar-editor__stage">
            <Cropper
              image={picked.url}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              disableAutomaticStylesInjection
              keyboardStep={10}
              cropperProps={{ role: 'group', 'aria-label': t('profile.avatar.cropArea') }}
              mediaProps={{ alt: '' }}
            />
          </div>
          <label className="avatar-editor__zoom">
            <span>{t('profile.avatar.zoom')}</span>
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
            />
          </label>
        </>
      ) : (
        <div className="avatar-editor__drop">
          <button
            type="button"
            className="button button--gold"
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
            data-autofocus
          >
            {t('profile.avatar.choose')}
          </button>
        </div>
      )}
      <p id={hintId} className="avatar-editor__hint">
        {t('profile.avatar.hint')}
      </p>
      {error && (
        <p id={errorId} className="profile-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="avatar-editor__actions">
        {picked && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => input.current?.click()}
          >
            {t('profile.avatar.another')}
          </button>
        )}
        <button
          type="button"
          className="button button--gold"
          onClick={handleSave}
          disabled={upload.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          {upload.isPending ? t('profile.saving') : t('profile.avatar.save')}
        </button>
      </div>
    </Modal>
  );
}
