import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce that Remix's inline scripts must carry. */
export function useNonce() {
  return useContext(NonceContext);
}
