// Browser side of POST /api/photos (app/routes/api.photos.tsx). XMLHttpRequest rather than
// fetch, because only its upload reports progress.
import type { PhotoUploadReply } from "~/features/photos/upload-reply";

/**
 * Sends `newPhotos` files (and the `photos` keys already on the form) and resolves with the JSON
 * reply, whatever its status (a 400 carries the per-file messages). Rejects on a network error or
 * a reply that is not the route's JSON (a proxy's error page, a session that expired mid-way → 401
 * still resolves).
 *
 *   const reply = await uploadPhotos(body, (percent) => setProgress(percent));
 */
export function uploadPhotos(body: FormData, onProgress: (percent: number) => void): Promise<PhotoUploadReply & { status: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/photos");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const reply = JSON.parse(xhr.responseText) as Partial<PhotoUploadReply>;
        resolve({
          photos: reply.photos ?? [],
          errors: reply.errors ?? [],
          warnings: reply.warnings ?? [],
          error: reply.error,
          status: xhr.status,
        });
      } catch {
        reject(new Error(`Unexpected reply (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.send(body);
  });
}
