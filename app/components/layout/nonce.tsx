import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (server); empty in the browser, where scripts are already trusted. */
export const useNonce = () => useContext(NonceContext);
