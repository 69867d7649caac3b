import { screen } from '@testing-library/react';

/** The header texts of the table on screen, in order. */
export const columnHeaders = () => screen.getAllByRole('columnheader').map((c) => c.textContent);

/** The header of the selection column: no text (its checkbox is named "Select all N matching"). */
export const CHECKBOX_COLUMN = '';

/** The table's rows below its header. */
export const bodyRows = () => screen.getAllByRole('row').slice(1);
