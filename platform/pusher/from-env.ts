import type { RealtimePublisher } from "../ports/realtime";
import { pusherPublisher } from "./pusher";

/** The environment variables Pusher's adapter reads (all optional: unset means nothing is published). */
export interface PusherEnv {
  PUSHER_APP_ID?: string;
  PUSHER_SECRET?: string;
  PUSHER_HOST?: string;
}

/**
 * Pusher when its app id and secret are set. The app's key and cluster are the business profile's pusherSettings,
 * read when an event goes out, so the business switches publishing on and off there.
 */
export function realtimeFromEnv(env: PusherEnv): RealtimePublisher | null {
  if (!env.PUSHER_APP_ID || !env.PUSHER_SECRET) return null;
  return pusherPublisher({ appId: env.PUSHER_APP_ID, secret: env.PUSHER_SECRET, host: env.PUSHER_HOST });
}
