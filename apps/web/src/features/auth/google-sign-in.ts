/**
 * Google Identity Services in a popup (token model). The script is loaded only when the button
 * is pressed, so visitors who never sign in with Google never contact Google.
 */
const GSI_SRC = 'https://accounts.google.com/gsi/client';
const USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';

type TokenResponse = { access_token?: string; error?: string; error_description?: string };
type TokenClient = { requestAccessToken: () => void };
type GoogleAccounts = {
  oauth2: {
    initTokenClient: (options: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: { type?: string; message?: string }) => void;
    }) => TokenClient;
  };
};

declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

/** Carries the provider's error code, which SPEC §8 says the user sees. */
export class GoogleSignInError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

let loading: Promise<GoogleAccounts> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccounts> {
  if (window.google?.accounts) return Promise.resolve(window.google.accounts);
  loading ??= new Promise<GoogleAccounts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const accounts = window.google?.accounts;
      if (accounts) resolve(accounts);
      else reject(new GoogleSignInError('script_failed'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new GoogleSignInError('script_failed'));
    };
    document.head.append(script);
  });
  return loading;
}

export type GoogleProfile = {
  access_token: string;
  openid?: string;
  nick_name?: string;
  avatar?: string;
};

/** The popup; resolves with the access token, rejects with Google's error code. */
export async function requestGoogleToken(clientId: string): Promise<string> {
  const accounts = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    const client = accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: 'openid profile email',
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else reject(new GoogleSignInError(response.error ?? 'unknown_error'));
      },
      // popup_closed, popup_failed_to_open, …
      error_callback: (error) => reject(new GoogleSignInError(error.type ?? 'unknown_error')),
    });
    client.requestAccessToken();
  });
}

/**
 * The profile fields the login payload carries (SPEC §3). The server verifies the token with
 * Google itself and never trusts these, so a failed read only leaves them out.
 */
export async function readGoogleProfile(accessToken: string): Promise<GoogleProfile> {
  try {
    const response = await fetch(USERINFO_URL, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) return { access_token: accessToken };
    const info = (await response.json()) as { sub?: string; name?: string; picture?: string };
    return {
      access_token: accessToken,
      ...(info.sub ? { openid: info.sub } : {}),
      ...(info.name ? { nick_name: info.name } : {}),
      ...(info.picture ? { avatar: info.picture } : {}),
    };
  } catch {
    return { access_token: accessToken };
  }
}
