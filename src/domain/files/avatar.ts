// Avatar (and logo) cropping (settings-messaging-shared §2 "Personal centre", §9 "Image crop").

export const AVATAR_CROP = {
  width: 200,
  height: 200,
  outputType: 'png',
  outputMimeType: 'image/png',
  dialogWidthPx: 900,
} as const;
