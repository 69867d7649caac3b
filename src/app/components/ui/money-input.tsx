import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * An amount with cents, in dollars (prices show a $ prefix) or after the code of `currency` as amounts
 * read elsewhere ("INR 1,234.00"; none chosen: no prefix). Like every number field it never changes what the
 * admin typed (the theme turns clamping off); the form's schema says what is out of range.
 */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency?: string | null }) {
  const prefix = currency === undefined ? '$' : currency ? `${currency} ` : '';
  return <NumberInput decimalScale={2} fixedDecimalScale thousandSeparator="," prefix={prefix} {...props} />;
}
