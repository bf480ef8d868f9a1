import { type RouteObject, redirect } from 'react-router';
import { profileGuardLoader } from '../features/profile/profile-guard';
import { walletGuardLoader } from '../features/wallet/wallet-guard';
import { loadScreenTexts } from '../shared/i18n/i18n';
import { AppShell } from './layout/app-shell';
import { FirstPaintFallback } from './layout/first-paint-fallback';
import { RouteError } from './route-error';

/** SPEC §2. Every screen is its own chunk, fetched when its route is first visited. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback: FirstPaintFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // Inside the shell, so the header and navigation stay while an error is handled.
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect('/For_You') },
          {
            // The first screen most visitors see reads through its loader, not the query cache,
            // to keep the first visit small (docs/decisions/0006).
            path: 'For_You',
            lazy: () =>
              import('../features/home/for-you-page').then((m) => ({
                loader: m.forYouLoader,
                Component: m.ForYouPage,
              })),
          },
          {
            // Every screen but the home: TanStack Query and the screens' texts come with the first.
            lazy: () =>
              Promise.all([import('../shared/api/query-scope'), loadScreenTexts()]).then(([m]) => ({
                Component: m.QueryScopeLayout,
              })),
            children: [
              {
                path: 'profile',
                loader: profileGuardLoader,
                // Re-check on every navigation: a logout elsewhere must not leave the page reachable.
                shouldRevalidate: () => true,
                children: [
                  { index: true, loader: () => redirect('/profile/me') },
                  {
                    path: 'me',
                    lazy: () =>
                      import('../features/profile/profile-me-page').then((m) => ({
                        Component: m.ProfileMePage,
                      })),
                  },
                  {
                    path: ':productId',
                    lazy: () =>
                      import('../features/profile/profile-user-page').then((m) => ({
                        Component: m.ProfileUserPage,
                      })),
                  },
                ],
              },
              {
                // Not in SPEC §2: the list of every story (docs/decisions/0030).
                path: 'browse',
                lazy: () =>
                  import('../features/browse/browse-page').then((m) => ({
                    Component: m.BrowsePage,
                  })),
              },
              {
                path: 'drama',
                lazy: () =>
                  import('../features/drama/drama-page').then((m) => ({ Component: m.DramaPage })),
              },
              {
                path: 'drama/:id',
                // Outside `lazy`, so the story's first step is asked for while the page loads; its
                // own small chunk, so the first visit to another screen does not carry it.
                loader: (args) =>
                  import('../features/drama/play-loader').then((m) => m.playLoader(args)),
                // Another game opens the story anew; a re-render or the same link does not.
                shouldRevalidate: ({ currentParams, nextParams }) =>
                  currentParams.id !== nextParams.id,
                lazy: () =>
                  import('../features/drama/drama-play-page').then((m) => ({
                    Component: m.DramaPlayPage,
                  })),
              },
              {
                path: 'discordloginback',
                lazy: () =>
                  import('../features/discord-login/discord-login-back-page').then((m) => ({
                    Component: m.DiscordLoginBackPage,
                  })),
              },
              {
                path: 'wallet',
                loader: walletGuardLoader,
                lazy: () =>
                  import('../features/wallet/wallet-page').then((m) => ({
                    Component: m.WalletPage,
                  })),
              },
              {
                path: 'payment/callback',
                lazy: () =>
                  import('../features/payment/payment-callback-page').then((m) => ({
                    Component: m.PaymentCallbackPage,
                  })),
              },
            ],
          },
          { path: '*', loader: () => redirect('/') },
        ],
      },
    ],
  },
];
