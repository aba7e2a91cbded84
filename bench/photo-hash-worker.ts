// The Worker bench/photo-hash-workerd.ts runs in workerd: POST an image, get its perceptual hash —
// the same decode and hash as the upload (app/features/photos/perceptual-hash.ts).
import { photoHash } from "../app/features/photos/perceptual-hash";

export default {
  async fetch(request: Request) {
    const type = new URL(request.url).searchParams.get("type") ?? "image/jpeg";
    const bytes = new Uint8Array(await request.arrayBuffer());
    return Response.json({ hash: photoHash(bytes, type)?.hex ?? null });
  },
};
