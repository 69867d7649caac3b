import { Badge } from '@mantine/core';

/** Green Verified / red Not Verified (users), and the same colours for approval states elsewhere. */
export function YesNoBadge({
  value,
  yes,
  no,
  noColor = 'red',
}: {
  value: boolean;
  yes: string;
  no: string;
  noColor?: string;
}) {
  return (
    <Badge color={value ? 'green' : noColor} variant="light">
      {value ? yes : no}
    </Badge>
  );
}
