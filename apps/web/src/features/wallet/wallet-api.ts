import type {
  goodsCoinsCall,
  Order,
  orderCancelCall,
  orderCreateCall,
  orderGetCall,
  unlockCall,
  walletBalanceCall,
  walletTransactionsCall,
} from '@taleforge/contracts';
import { type PaymentMethod, WALLET_PLATFORM_FLAG } from '@taleforge/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';

const balanceCall = endpoint<typeof walletBalanceCall>({
  method: 'GET',
  path: '/api/auth/wallet/balance',
});
const transactionsCall = endpoint<typeof walletTransactionsCall>({
  method: 'GET',
  path: '/api/auth/wallet/transactions',
});
const goodsCall = endpoint<typeof goodsCoinsCall>({
  method: 'GET',
  path: '/api/auth/v1/goods/coins',
});
const createOrderCall = endpoint<typeof orderCreateCall>({
  method: 'POST',
  path: '/api/auth/v1/order',
});
const getOrderCall = endpoint<typeof orderGetCall>({ method: 'GET', path: '/api/auth/v1/order' });
const cancelOrderCall = endpoint<typeof orderCancelCall>({
  method: 'POST',
  path: '/api/auth/v1/order/cancel',
});
const unlockEndpoint = endpoint<typeof unlockCall>({
  method: 'POST',
  path: '/api/auth/h5/game/unlock',
});

export const walletKeys = {
  balance: ['wallet', 'balance'] as const,
  transactions: (page: number) => ['wallet', 'transactions', page] as const,
  goods: (locale: string) => ['wallet', 'goods', locale] as const,
  order: (orderNo: string) => ['wallet', 'order', orderNo] as const,
};

/** How often the result page asks about an order that has not settled. */
export const ORDER_POLL_MS = 2_000;

/** Failed balance reads stay silent (SPEC §8): quiet, no retries, the chip just stays hidden. */
export function useGemBalance(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: ({ signal }) =>
      request(balanceCall, { query: { platform_flag: WALLET_PLATFORM_FLAG }, signal, quiet: true }),
    enabled,
    retry: false,
    select: (data) => data.gem_balance,
  });
}

export function useTransactions(page: number, pageSize = 10) {
  return useQuery({
    queryKey: walletKeys.transactions(page),
    queryFn: ({ signal }) =>
      request(transactionsCall, { query: { page, page_size: pageSize }, signal, quiet: true }),
    placeholderData: (previous) => previous,
  });
}

export function useGoodsTiers() {
  const locale = currentLocale();
  return useQuery({
    queryKey: walletKeys.goods(locale),
    queryFn: ({ signal }) => request(goodsCall, { signal }),
    select: (data) => data.tiers,
  });
}

/** One key per top-up attempt, so a double click or a retried request opens one order. */
export function newIdempotencyKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

export function useCreateOrder() {
  return useMutation({
    mutationFn: (input: {
      goodsId: string;
      payMethod: PaymentMethod;
      returnPath?: string;
      idempotencyKey: string;
    }) =>
      request(createOrderCall, {
        body: {
          goods_id: input.goodsId,
          pay_method: input.payMethod,
          return_path: input.returnPath,
          idempotency_key: input.idempotencyKey,
        },
      }),
  });
}

const SETTLED: ReadonlySet<Order['status']> = new Set(['success', 'cancelled', 'timeout']);

export const isOrderSettled = (order: Order | undefined) =>
  order !== undefined && SETTLED.has(order.status);

/** Polls the order until it settles; the server asks the provider on each read. */
export function useOrder(orderNo: string | null) {
  return useQuery({
    queryKey: walletKeys.order(orderNo ?? ''),
    queryFn: ({ signal }) => request(getOrderCall, { query: { order_no: orderNo! }, signal }),
    enabled: Boolean(orderNo),
    refetchInterval: (query) =>
      isOrderSettled(query.state.data) || query.state.error ? false : ORDER_POLL_MS,
  });
}

/** The payer came back from the provider without paying: close that checkout and cancel. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => request(cancelOrderCall, { body: { order_no: orderNo } }),
    onSuccess: (order) => queryClient.setQueryData(walletKeys.order(order.order_no), order),
  });
}

export function useUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      gameId: number;
      kind: 'chapter' | 'episode';
      targetId: number;
      idempotencyKey: string;
    }) =>
      request(unlockEndpoint, {
        body: {
          game_id: input.gameId,
          ...(input.kind === 'chapter'
            ? { chapter_id: input.targetId }
            : { episode_id: input.targetId }),
          idempotency_key: input.idempotencyKey,
        },
        quiet: true,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(walletKeys.balance, (old: unknown) =>
        old && typeof old === 'object'
          ? { ...old, gem_balance: data.gem_balance, balance: data.gem_balance }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
