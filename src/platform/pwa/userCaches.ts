// Empties the service worker's caches that hold one user's files (uploaded images such as
// avatars), so the next person to sign in on this device never sees them. Called at sign-out,
// together with wiping the user's database; the app shell and public logos stay cached.
import { USER_CACHES } from '../../contract/serviceWorkerCaches';

export async function clearUserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
