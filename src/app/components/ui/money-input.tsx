import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A price in dollars with cents (spec 9: prices show a $ prefix). It never changes what the admin typed:
 * no clamping and no dropped minus sign; the form's schema says what is out of range.
 */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput decimalScale={2} fixedDecimalScale prefix="$" clampBehavior="none" {...props} />;
}
