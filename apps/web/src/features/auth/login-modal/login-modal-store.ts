/**
 * Login modal steps (SPEC §2): 0 social buttons + email, 1 nickname (and invite code) after a
 * social login, 2 verification code, 3 registration, 4 password login, 5 password reset.
 */
export type LoginStep = 0 | 1 | 2 | 3 | 4 | 5;

/** Why a code was mailed: step 2 leads on to registration (3) or to the password reset (5). */
export type CodeFlow = 'register' | 'reset';

export type LoginModalState = {
  open: boolean;
  step: LoginStep;
  /** The address typed at step 0, carried through the later steps. */
  email: string;
  flow: CodeFlow;
  /** The code typed at step 2, prefilled at steps 3 and 5. */
  code: string;
  /** When the last code was mailed (ms since epoch), for the 60 s resend countdown. */
  codeSentAt: number | null;
};

type Listener = () => void;

const CLOSED: LoginModalState = {
  open: false,
  step: 0,
  email: '',
  flow: 'register',
  code: '',
  codeSentAt: null,
};

/** The modal may not be dismissed while a nickname must still be completed (step 1). */
export const canCloseLoginModal = (state: Pick<LoginModalState, 'step'>) => state.step !== 1;

/** The SPEC §4 transitions, named for what happened rather than for the step they lead to. */
export function createLoginModalStore() {
  let state: LoginModalState = CLOSED;
  const listeners = new Set<Listener>();
  const set = (patch: Partial<LoginModalState>) => {
    const next = { ...state, ...patch };
    if ((Object.keys(next) as (keyof LoginModalState)[]).every((k) => next[k] === state[k])) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    open: () => set({ open: true }),
    close() {
      if (!canCloseLoginModal(state)) return;
      // A closed modal opens again at the start, keeping the typed email (SPEC §4).
      set({ ...CLOSED, email: state.email });
    },
    /** Token sync's LOGOUT closes the dialog whatever step it is on. */
    forceClose: () => set(CLOSED),
    goTo: (step: LoginStep) => set({ step }),
    /** 0 → 4 when the email has an account. */
    emailKnown: (email: string) => set({ email, step: 4 }),
    /** 0 → 2 (registration code) or 4 → 2 (reset code, from the forgot link). */
    codeSent: (email: string, flow: CodeFlow, at: number) =>
      set({ email, flow, step: 2, code: '', codeSentAt: at }),
    /** A resend on step 2 restarts the countdown. */
    codeResent: (at: number) => set({ codeSentAt: at }),
    /** 2 → 3, or 2 → 5 if the reset flow was started. */
    codeEntered: (code: string) => set({ code, step: state.flow === 'reset' ? 5 : 3 }),
    /**
     * A successful registration. SPEC §4 leads 3 → 4 (password login), but our registration
     * answers with a session, so the player is signed in already: the modal closes like any
     * sign-in, in one change, rather than showing a password step nobody needs (decision 34).
     */
    registered: () => set(CLOSED),
    /** 5 → 0 after a successful reset. */
    passwordReset: () => set({ step: 0, code: '', codeSentAt: null }),
    /** A social login that still needs a nickname (and invite code): step 1, not closable. */
    needNickname: () => set({ open: true, step: 1 }),
    /** A successful login (or completed nickname) closes the modal and sets step 0. */
    signedIn: () => set(CLOSED),
    getSnapshot: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type LoginModalStore = ReturnType<typeof createLoginModalStore>;

export const loginModalStore = createLoginModalStore();
