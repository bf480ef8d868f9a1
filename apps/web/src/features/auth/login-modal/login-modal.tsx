import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverArt } from '../../../shared/ui/art/cover-art';
import { Modal } from '../../../shared/ui/dialog/modal';
import { CloseIcon } from '../../../shared/ui/icons';
import { LogoMark } from '../../../shared/ui/logo';
import { canCloseLoginModal, type LoginStep, loginModalStore } from './login-modal-store';
import { StepEmail } from './step-email';
import './login-modal.css';

/** One component per step; later steps (nickname, code, register, password, reset) plug in here. */
const STEPS: Partial<Record<LoginStep, ComponentType>> = { 0: StepEmail };

export default function LoginModal({ step }: { step: LoginStep }) {
  const { t } = useTranslation();
  const titleId = useId();
  const subtitleId = useId();
  const closable = canCloseLoginModal({ open: true, step });
  const close = closable ? () => loginModalStore.close() : undefined;
  const Step = STEPS[step] ?? StepEmail;

  return (
    <Modal
      labelledBy={titleId}
      describedBy={subtitleId}
      onClose={close}
      overlayClassName="login-overlay"
      className="login-modal"
      testId="login-modal"
    >
      <div className="login-modal__art" aria-hidden="true">
        <CoverArt
          seed="taleforge-gate"
          genre="MAGIC"
          shape="portrait"
          className="login-modal__art-svg"
        />
        <p className="login-modal__tagline">{t('brand.tagline')}</p>
      </div>
      <div className="login-modal__content">
        {close && (
          <button
            type="button"
            className="icon-button login-modal__close"
            onClick={close}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
        )}
        <LogoMark size={44} />
        <h2 id={titleId} className="login-modal__title">
          {t('auth.title')}
        </h2>
        <p id={subtitleId} className="login-modal__subtitle">
          {t('auth.subtitle')}
        </p>
        <Step />
      </div>
    </Modal>
  );
}
