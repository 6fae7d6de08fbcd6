import { defaultFieldSize } from '@/lib/api/v1/enums';
import { ZFieldInput, type TFieldInput } from '@/lib/api/v1/fields';
import type { TSigningRequestBody } from '@/lib/api/v1/signing-requests';
import type { TFieldError } from '@/lib/errors';
import { fieldPlacementErrors } from '@/lib/server/fields/check-field-placement';
import type { TPageSize } from '@/lib/server/documents/read-page-sizes';

/** A signer's fields in the API's field shape (recipientId filled once the recipients exist). */
export function signerFields(body: TSigningRequestBody): { fields: TFieldInput[][]; errors: TFieldError[] } {
  const errors: TFieldError[] = [];
  const fields = body.signers.map((signer, index) =>
    signer.fields.flatMap((field, at) => {
      const parsed = ZFieldInput.safeParse({
        recipientId: 'pending',
        type: field.type,
        page: field.page,
        x: field.position.x,
        y: field.position.y,
        ...(field.size ? { width: field.size.width, height: field.size.height } : {}),
        required: field.required ?? true,
        ...(field.label ? { label: field.label } : {}),
        ...(field.options ? { options: field.options } : {}),
      });
      if (parsed.success) return [parsed.data];
      for (const issue of parsed.error.issues) {
        const where = issue.path
          .map(String)
          .join('.')
          .replace(/^x$/, 'position.x')
          .replace(/^y$/, 'position.y')
          .replace(/^(width|height)$/, 'size.$1');
        errors.push({ path: `signers.${index}.fields.${at}${where ? `.${where}` : ''}`, message: issue.message });
      }
      return [];
    }),
  );
  return { fields, errors };
}

/** What can be judged before the document is stored: distinct emails, a signature field for every signer, valid fields. */
export function signingRequestErrors(body: TSigningRequestBody): TFieldError[] {
  const { errors } = signerFields(body);
  const seen = new Map<string, number>();
  body.signers.forEach((signer, index) => {
    const first = seen.get(signer.email);
    if (first !== undefined)
      errors.push({ path: `signers.${index}.email`, message: `Same email as signer ${first + 1}.` });
    else seen.set(signer.email, index);
    if ((signer.role ?? 'signer') === 'signer' && !signer.fields.some((field) => field.type === 'signature')) {
      errors.push({ path: `signers.${index}.fields`, message: `${signer.name} needs a signature field.` });
    }
    if ((signer.role === 'viewer' || signer.role === 'cc') && signer.fields.length > 0) {
      errors.push({ path: `signers.${index}.fields`, message: `A ${signer.role} fills no fields.` });
    }
  });
  return errors;
}

/** Fields past a page's edge or on a page the document does not have, named by the body's paths. */
export function signingRequestPlacementErrors(fields: TFieldInput[][], pages: TPageSize[]): TFieldError[] {
  return fields.flatMap((list, index) =>
    list.flatMap((field, at) =>
      fieldPlacementErrors(
        {
          page: field.page,
          x: field.x,
          y: field.y,
          ...defaultFieldSize(field.type),
          ...(field.width ? { width: field.width } : {}),
          ...(field.height ? { height: field.height } : {}),
        },
        pages,
        `signers.${index}.fields.${at}`,
      ).map((error) => ({
        ...error,
        path: error.path.replace(/\.x$/, '.position.x').replace(/\.y$/, '.position.y'),
      })),
    ),
  );
}
