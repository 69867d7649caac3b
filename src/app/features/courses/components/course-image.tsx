import { AspectRatio, Image, type ImageProps } from '@mantine/core';
import { DEFAULT_COURSE_IMAGE } from '@/shared/constants';

/**
 * Course pictures are 16:9; decorative, since the title always sits next to them. A missing picture or a wrong
 * path shows the neutral default one, so a card never has a broken picture.
 */
export function CourseImage({ src, radius }: { src: string; radius?: ImageProps['radius'] }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Image
        src={src || DEFAULT_COURSE_IMAGE}
        fallbackSrc={DEFAULT_COURSE_IMAGE}
        alt=""
        radius={radius}
        fit="cover"
        loading="lazy"
      />
    </AspectRatio>
  );
}
