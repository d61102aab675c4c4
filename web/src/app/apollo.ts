import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { OperationTypeNode } from 'graphql';
import { Observable, type Subscription } from 'rxjs';
import type { SocketLink } from './socket';

declare module '@apollo/client' {
  interface DefaultContext {
    /** Set on calls whose UNAUTHENTICATED answer is expected (logout) so it does not send the user to login. */
    skipAuthRedirect?: boolean;
  }
}

/** Spec §9: requests time out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface ApolloOptions {
  getToken(): string | null;
  /** Sent as Accept-Language so server messages come back in the interface language. */
  getLanguage(): string;
  /** An invalid session: clear it and send the visitor to the login page. */
  onUnauthenticated(): void;
  /** Defaults to /graphql on the page's own origin. */
  httpUrl?: string;
  wsUrl?: string;
}

export interface QuireApollo {
  client: ApolloClient;
  /** Reconnects the WebSocket so it authenticates with the current token (after sign-in or sign-out). */
  restartSocket(): void;
}

function timeoutFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal =
    init?.signal && typeof AbortSignal.any === 'function'
      ? AbortSignal.any([init.signal, timeout])
      : (init?.signal ?? timeout);
  return fetch(input, { ...init, signal });
}

function defaultWsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

export function createApollo(options: ApolloOptions): QuireApollo {
  const headersLink = new SetContextLink((previous) => {
    const token = options.getToken();
    const headers: Record<string, string> = { ...(previous.headers as Record<string, string> | undefined) };
    headers['accept-language'] = options.getLanguage();
    if (token) headers.authorization = `Bearer ${token}`;
    return { headers };
  });

  const errorLink = new ErrorLink(({ error, operation }) => {
    if (operation.getContext().skipAuthRedirect) return;
    if (
      CombinedGraphQLErrors.is(error) &&
      error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')
    ) {
      options.onUnauthenticated();
    }
  });

  const httpLink = new HttpLink({ uri: options.httpUrl ?? '/graphql', fetch: timeoutFetch });

  // The socket's code and connection come with the first subscription (socket.ts), not with the app.
  let socket: Promise<SocketLink> | null = null;
  const wsLink = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        let subscription: Subscription | null = null;
        let closed = false;
        socket ??= import('./socket').then(({ createSocketLink }) =>
          createSocketLink(options.wsUrl ?? defaultWsUrl(), options.getToken),
        );
        socket.then(
          ({ link }) => {
            if (!closed) subscription = link.request(operation).subscribe(observer);
          },
          (error: unknown) => {
            socket = null; // a failed download is tried again by the next subscription
            observer.error(error);
          },
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );

  const transport = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    wsLink,
    httpLink,
  );

  const client = new ApolloClient({
    link: ApolloLink.from([errorLink, headersLink, transport]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });

  return {
    client,
    restartSocket: () => void socket?.then(({ terminate }) => terminate()),
  };
}
