/**
 * Login modal steps (SPEC §2): 0 social buttons + email, 1 nickname, 2 verification code,
 * 3 registration, 4 password login, 5 password reset. Only step 0 exists so far.
 */
export type LoginStep = 0 | 1 | 2 | 3 | 4 | 5;

export type LoginModalState = { open: boolean; step: LoginStep };

type Listener = () => void;

/** The modal may not be dismissed while a nickname must still be completed (step 1). */
export const canCloseLoginModal = (state: LoginModalState) => state.step !== 1;

export function createLoginModalStore() {
  let state: LoginModalState = { open: false, step: 0 };
  const listeners = new Set<Listener>();
  const set = (next: LoginModalState) => {
    if (next.open === state.open && next.step === state.step) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    open: () => set({ ...state, open: true }),
    close() {
      if (!canCloseLoginModal(state)) return;
      // A closed modal opens again at the start (SPEC §4: success closes it and sets step 0).
      set({ open: false, step: 0 });
    },
    goTo: (step: LoginStep) => set({ ...state, step }),
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
