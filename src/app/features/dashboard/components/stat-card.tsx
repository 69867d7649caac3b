import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './dashboard.module.css';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: Icon;
  color: string;
  /** When set, the whole card is a link to where the admin acts on it. */
  to?: '/users' | '/courses' | '/enrollments' | '/services';
}

export function StatCard({ label, value, hint, icon: IconComponent, color, to }: StatCardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" mt={4}>
            {hint}
          </Text>
        ) : null}
      </div>
      <ThemeIcon color={color} variant="light" size={40} radius="md">
        <IconComponent size={22} stroke={1.6} />
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Paper withBorder p="md" radius="md" component={Link} to={to} className={classes.link}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}
