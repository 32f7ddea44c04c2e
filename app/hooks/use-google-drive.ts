// Drive connection state for a page: checking, connected or not; connecting opens Google in a 500x600 popup and
// re-checks when it reports back or closes (spec section 5: re-checked 2 seconds after the popup closes).
import { useCallback, useEffect, useState } from "react";

export type DriveStatus = "checking" | "connected" | "not_connected";

export function useGoogleDrive(initiallyConnected: boolean) {
  const [status, setStatus] = useState<DriveStatus>(initiallyConnected ? "connected" : "not_connected");
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(async () => {
    try {
      const response = await fetch("/api/google-drive/status");
      const body = (await response.json()) as { connected?: boolean };
      setStatus(response.ok && body.connected ? "connected" : "not_connected");
    } catch {
      setStatus("not_connected"); // spec: a status failure is treated as not connected
    }
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== "gradewell:drive") return;
      setConnecting(false);
      void check();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [check]);

  const connect = useCallback(async () => {
    setError(null);
    setConnecting(true);
    try {
      const response = await fetch("/api/google-drive/connect?popup=1", { method: "POST" });
      const body = (await response.json()) as { authorization_url?: string; message?: string };
      if (!response.ok || !body.authorization_url) throw new Error(body.message || "Failed to get authorization URL");
      const left = window.screenX + (window.outerWidth - 500) / 2;
      const top = window.screenY + (window.outerHeight - 600) / 2;
      const popup = window.open(body.authorization_url, "gradewell-drive", `width=500,height=600,left=${left},top=${top}`);
      if (!popup) {
        window.location.href = body.authorization_url.replace(/&?popup=1/, "");
        return;
      }
      const timer = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(timer);
        window.setTimeout(() => {
          setConnecting(false);
          void check();
        }, 2000);
      }, 500);
    } catch (cause) {
      setConnecting(false);
      setError(cause instanceof Error && cause.message ? cause.message : "Failed to connect to Google Drive");
    }
  }, [check]);

  return { status, connected: status === "connected", connecting, error, connect, check };
}
