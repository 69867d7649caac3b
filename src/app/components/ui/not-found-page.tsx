import { Anchor, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlanet } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { MESSAGES } from '@/shared/messages';

export function NotFoundPage() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={88} radius="xl" variant="light" aria-hidden>
          <IconPlanet size={56} stroke={1.4} />
        </ThemeIcon>
        <Title order={1}>{MESSAGES.notFound.title}</Title>
        <Text c="dimmed">{MESSAGES.notFound.code}</Text>
        <Group gap="lg" mt="md">
          <Anchor component={Link} to="/">
            Home
          </Anchor>
          <Anchor href="/search">Search</Anchor>
          <Anchor href="/contact">Contact</Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
