import { Button, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useSiteUrl } from '@/app/lib/site-config';
import { MESSAGES } from '@/shared/messages';

/**
 * The course's page on the public site (SITE_URL). With no site address set it would open this admin
 * app's own "not found" page, so it shows disabled, with the reason beside it.
 */
export function GoToCourse({ slug }: { slug: string }) {
  const siteUrl = useSiteUrl();
  const reasonId = useId();
  const label = 'Go to Course';
  if (!siteUrl) {
    return (
      <Stack gap={2} align="flex-end" maw={320}>
        <Button
          variant="subtle"
          size="sm"
          disabled
          aria-describedby={reasonId}
          rightSection={<IconExternalLink size={16} />}
        >
          {label}
        </Button>
        <Text id={reasonId} size="xs" c="dimmed" ta="right">
          {MESSAGES.siteUrl.goToCourseUnavailable}
        </Text>
      </Stack>
    );
  }
  return (
    <Button
      component="a"
      href={`${siteUrl}/courses/${encodeURIComponent(slug)}`}
      target="_blank"
      rel="noopener"
      variant="subtle"
      size="sm"
      rightSection={<IconExternalLink size={16} />}
    >
      {label}
    </Button>
  );
}
