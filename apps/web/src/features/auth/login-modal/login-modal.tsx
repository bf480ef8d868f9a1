import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverArt } from '../../../shared/ui/art/cover-art';
import { Modal } from '../../../shared/ui/dialog/modal';
import { BackIcon, CloseIcon } from '../../../shared/ui/icons';
import { LogoMark } from '../../../shared/ui/logo';
import {
  canCloseLoginModal,
  type LoginModalState,
  type LoginStep,
  loginModalStore,
} from './login-modal-store';
import { StepCode } from './step-code';
import { StepEmail } from './step-email';
import { StepNickname } from './step-nickname';
import { StepPassword } from './step-password';
import { StepRegister } from './step-register';
import { StepReset } from './step-reset';
import './login-modal.css';

/** Each step's heading and subtitle: `${key}.title`, `${key}.subtitle`. */
const STEP_KEYS: Record<LoginStep, string> = {
  0: 'auth.steps.email',
  1: 'auth.steps.nickname',
  2: 'auth.steps.code',
  3: 'auth.steps.register',
  4: 'auth.steps.password',
  5: 'auth.steps.reset',
};

/** Where "back" leads: 4 back to 0 (SPEC §4), the code steps back to where they began. */
const BACK_TO: Partial<Record<LoginStep, LoginStep>> = { 2: 0, 3: 2, 4: 0, 5: 2 };

function StepBody({ state }: { state: LoginModalState }) {
  switch (state.step) {
    case 0:
      return <StepEmail />;
    case 1:
      return <StepNickname />;
    case 2:
      return <StepCode state={state} />;
    case 3:
      return <StepRegister state={state} />;
    case 4:
      return <StepPassword email={state.email} />;
    case 5:
      return <StepReset state={state} />;
  }
}

export default function LoginModal({ step: initialStep }: { step?: LoginStep }) {
  const { t } = useTranslation();
  const titleId = useId();
  const subtitleId = useId();
  const stored = useSyncExternalStore(
    loginModalStore.subscribe,
    loginModalStore.getSnapshot,
    loginModalStore.getSnapshot,
  );
  // Tests may render a step directly; in the app the store always leads.
  const state =
    stored.open || initialStep === undefined ? stored : { ...stored, step: initialStep };
  const { step } = state;
  const closable = canCloseLoginModal(state);
  const close = closable ? () => loginModalStore.close() : undefined;
  const back = BACK_TO[step];
  const content = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // Each new step puts focus on its first field (the modal does it for the first step shown).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const target =
      content.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      content.current?.querySelector<HTMLElement>('input, button');
    target?.focus();
  }, [step]);

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
      <div className="login-modal__content" ref={content} data-step={step}>
        <div className="login-modal__bar">
          {back !== undefined && (
            <button
              type="button"
              className="icon-button"
              onClick={() => loginModalStore.goTo(back)}
              aria-label={t('auth.back')}
            >
              <BackIcon />
            </button>
          )}
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
        </div>
        {back === undefined && <LogoMark size={44} />}
        <h2 id={titleId} className="login-modal__title">
          {t(`${STEP_KEYS[step]}.title`)}
        </h2>
        <p id={subtitleId} className="login-modal__subtitle">
          {t(`${STEP_KEYS[step]}.subtitle`)}
        </p>
        <StepBody key={step} state={state} />
      </div>
    </Modal>
  );
}
