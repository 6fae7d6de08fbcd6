import { z } from 'zod';
import { MAX_FIELDS, ZDateFormat, ZFieldType } from './enums';
import { ZAttachmentInfo } from './signer-actions';
import { plainText } from './text';

const coordinate = z.number().min(0).max(14_400); // PDF's largest page side in points
const length = z.number().gt(0).max(14_400);

export const ZFieldInput = z
  .object({
    /** Keeps a field's id across saves (the workspace saves the whole list as the owner works). */
    id: z.string().min(1).max(64).optional(),
    recipientId: z.string().min(1).max(64),
    type: ZFieldType,
    /** 1-based page number. */
    page: z.int().min(1),
    /** Points from the top-left corner of the page as displayed (rotation applied). */
    x: coordinate,
    y: coordinate,
    /** Defaults per type (docs/api.md, Fields PUT): signature 180 × 50, initials 60 × 40, checkbox and radio 16 × 16, others 150 × 24. */
    width: length.optional(),
    height: length.optional(),
    required: z.boolean().default(true),
    label: plainText(200).optional(),
    placeholder: plainText(200).optional(),
    /** radio and dropdown: the choices, distinct. */
    options: z.array(plainText(200)).min(1).max(50).optional(),
    /** number: the accepted range. */
    min: z.number().optional(),
    max: z.number().optional(),
    /** date: how the signing date is written. */
    dateFormat: ZDateFormat.optional(),
  })
  .superRefine((field, context) => {
    const needsOptions = field.type === 'radio' || field.type === 'dropdown';
    if (needsOptions && !field.options?.length)
      context.addIssue({ code: 'custom', path: ['options'], message: `A ${field.type} field needs options.` });
    if (!needsOptions && field.options)
      context.addIssue({ code: 'custom', path: ['options'], message: `A ${field.type} field takes no options.` });
    if (field.options && new Set(field.options).size !== field.options.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Options must be distinct.' });
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      context.addIssue({ code: 'custom', path: ['min'], message: 'min is greater than max.' });
    }
    if ((field.min !== undefined || field.max !== undefined) && field.type !== 'number') {
      context.addIssue({ code: 'custom', path: ['min'], message: 'Only number fields take min and max.' });
    }
    if (field.dateFormat && field.type !== 'date')
      context.addIssue({ code: 'custom', path: ['dateFormat'], message: 'Only date fields take a date format.' });
  })
  .meta({ id: 'FieldInput' });

export const ZPutFieldsBody = z
  .object({ fields: z.array(ZFieldInput).max(MAX_FIELDS, `At most ${MAX_FIELDS} fields.`) })
  .meta({ id: 'PutFieldsBody' });

export const ZField = z
  .object({
    id: z.string(),
    recipientId: z.string().nullable(),
    type: ZFieldType,
    page: z.int(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    required: z.boolean(),
    label: z.string().optional(),
    placeholder: z.string().optional(),
    options: z.array(z.string()).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    dateFormat: ZDateFormat.optional(),
    value: z.string().nullable(),
    /** attachment fields: the file the signer attached (its name is the value). */
    attachment: ZAttachmentInfo.optional(),
  })
  .meta({ id: 'Field' });

export type TFieldInput = z.infer<typeof ZFieldInput>;
export type TPutFieldsBody = z.infer<typeof ZPutFieldsBody>;
export type TField = z.infer<typeof ZField>;
/** What Field.meta holds (JSON), the per-type settings. */
/** Where a field sits: its page (1-based) and box in PDF points from the page's top-left as displayed (docs/api.md, Fields PUT). */
export type TFieldBox = Pick<TField, 'page' | 'x' | 'y' | 'width' | 'height'>;

export type TFieldMeta = Pick<TField, 'label' | 'placeholder' | 'options' | 'min' | 'max' | 'dateFormat'>;
