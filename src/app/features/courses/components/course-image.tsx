import { AspectRatio, Image, type ImageProps } from '@mantine/core';

/** Shown when a course image is missing or its path is wrong, so a card never has a broken picture. */
const FALLBACK_SRC = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#868e96"/>' +
    '<path d="M62 30h36v30H62z" fill="none" stroke="#f1f3f5" stroke-width="3"/><path d="M62 52l10-10 8 8 6-6 12 12" fill="none" stroke="#f1f3f5" stroke-width="3"/></svg>',
)}`;

/** Course pictures are 16:9; decorative, since the title always sits next to them. */
export function CourseImage({ src, radius }: { src: string; radius?: ImageProps['radius'] }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Image src={src || null} fallbackSrc={FALLBACK_SRC} alt="" radius={radius} fit="cover" loading="lazy" />
    </AspectRatio>
  );
}
