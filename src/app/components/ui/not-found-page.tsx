import { Anchor, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlanet } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSiteUrl } from '@/app/lib/site-config';
import { MESSAGES } from '@/shared/messages';

/**
 * Links to /, /search and /contact. Search and Contact are the public site's pages (this app has
 * neither, so a relative link would loop back here): with SITE_URL set they open there; without it the
 * page says where they would be instead.
 */
export function NotFoundPage() {
  const siteUrl = useSiteUrl();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={88} radius="xl" variant="light" aria-hidden>
          <IconPlanet size={56} stroke={1.4} />
        </ThemeIcon>
        <Title order={1}>{MESSAGES.notFound.title}</Title>
        <Text c="dimmed">{MESSAGES.notFound.code}</Text>
        <Group gap="lg" mt="md" justify="center">
          <Anchor component={Link} to="/">
            Home
          </Anchor>
          {siteUrl ? (
            <>
              <Anchor href={`${siteUrl}/search`}>Search</Anchor>
              <Anchor href={`${siteUrl}/contact`}>Contact</Anchor>
            </>
          ) : null}
        </Group>
        {siteUrl ? null : (
          <Text size="sm" c="dimmed" maw={420}>
            {MESSAGES.siteUrl.publicPagesUnavailable}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
