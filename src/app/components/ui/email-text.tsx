import { Text, type TextProps } from '@mantine/core';

/**
 * An email that wraps only before its @, never inside a word ("ann.lee" / "@gmail.com"): the one break a reader
 * expects when a column is narrow.
 */
export function EmailText({ email, ...props }: TextProps & { email: string }) {
  const at = email.indexOf('@');
  return (
    <Text size="sm" {...props}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}
