// The CSP nonce of the current response, for the inline scripts Remix writes (<Scripts>, <ScrollRestoration>).
// The server provides it; in the browser it is "" (browsers hide nonce attributes, React does not compare them).
import { createContext, useContext } from "react";

export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
