import { canonicalJson } from '@ecogrid/core/canonical-json';
import { parseUgx } from '@ecogrid/core/money';
import {
  productCreateSchema,
  productUpdateSchema,
  type AdminProduct,
  type ProductCreate,
  type ProductUpdate,
} from '@ecogrid/core/catalog-admin';
import type { TaxClass } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';

/** The product form as typed: text in every box (numbers are read when it is sent). */
export type FormValues = {
  name: string;
  sku: string;
  brand: string;
  category: string;
  price: string;
  taxClass: TaxClass;
  loanEligible: boolean;
  description: string;
  panelWatts: string;
  batteryWh: string;
  lights: string;
  warrantyMonths: string;
  appliances: string;
  stock: string;
};
export type Field = keyof FormValues;
export type FieldErrors = Partial<Record<Field, string>>;

export function formValues(product?: AdminProduct): FormValues {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    brand: product?.brand ?? '',
    category: product?.category ?? '',
    // Shillings grouped as people read them: 1,250,000.
    price: product ? product.price.toLocaleString('en-US') : '',
    taxClass: product?.taxClass ?? 'standard',
    loanEligible: product?.loanEligible ?? false,
    description: product?.description ?? '',
    panelWatts: number(product?.specs.panelWatts),
    batteryWh: number(product?.specs.batteryWh),
    lights: number(product?.specs.lights),
    warrantyMonths: number(product?.specs.warrantyMonths ?? 12),
    appliances: product?.specs.appliancesIncluded.join('\n') ?? '',
    stock: '0',
  };
}

/** A typed number: whole shillings as people write them ("1,250,000"), a decimal as typed (the schema refuses it), or nothing. */
function readNumber(text: string): number | undefined {
  const whole = parseUgx(text);
  if (whole !== null) return whole;
  const cleaned = text.trim().replace(/^-\s*/, '-').replace(/[,\s]/g, '');
  const value = Number(cleaned);
  return cleaned && Number.isFinite(value) ? value : undefined;
}
const optionalNumber = (text: string) => (text.trim() === '' ? null : (readNumber(text) ?? Number.NaN));

/** What the form sends for a new product: the same shape the server's schema checks. */
export function createInput(values: FormValues): ProductCreate {
  return {
    name: values.name,
    sku: values.sku,
    brand: values.brand,
    category: values.category,
    price: readNumber(values.price) as number,
    taxClass: values.taxClass,
    loanEligible: values.loanEligible,
    description: values.description,
    specs: {
      panelWatts: optionalNumber(values.panelWatts),
      batteryWh: optionalNumber(values.batteryWh),
      lights: optionalNumber(values.lights),
      warrantyMonths: readNumber(values.warrantyMonths) as number,
      appliancesIncluded: values.appliances
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    },
    stock: readNumber(values.stock) as number,
  };
}

/** The fields changed from the product as loaded: only those are sent, so another admin's change to the rest stays. */
export function changedInput(values: FormValues, product: AdminProduct): ProductUpdate {
  const { stock: _stock, ...all } = createInput(values);
  const change: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(all)) {
    if (canonicalJson(value) !== canonicalJson(product[field as keyof AdminProduct])) change[field] = value;
  }
  return change as ProductUpdate;
}

const FIELDS = new Set<string>(Object.keys(formValues()));

/** The form field an error's path points at, if it is one. */
function fieldOf(path: readonly PropertyKey[]): Field | undefined {
  const [first, second] = path.map(String);
  const field = first === 'specs' ? (second === 'appliancesIncluded' ? 'appliances' : second) : first;
  return field && FIELDS.has(field) ? (field as Field) : undefined;
}

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * Checks the form with the server's own schema; each refused field gets its rule in the reader's
 * language. Returns the input to send, or the errors.
 */
export function useProductCheck() {
  const { t } = useTranslation();
  const errorsOf = (issues: readonly Issue[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (field && !errors[field])
        errors[field] = t(`admin.productForm.check.${field}`, { defaultValue: issue.message });
    }
    return errors;
  };
  return {
    create(values: FormValues) {
      const input = createInput(values);
      const result = productCreateSchema.safeParse(input);
      return result.success ? { input, errors: {} } : { input: null, errors: errorsOf(result.error.issues) };
    },
    update(values: FormValues, product: AdminProduct) {
      const input = changedInput(values, product);
      if (Object.keys(input).length === 0) return { input: null, errors: {}, unchanged: true };
      const result = productUpdateSchema.safeParse(input);
      return result.success
        ? { input, errors: {}, unchanged: false }
        : { input: null, errors: errorsOf(result.error.issues), unchanged: false };
    },
  };
}

/**
 * Where the server's refusal belongs: beside the field it names (a "price: …" validation
 * message, a taken SKU, a closed category), or above the form.
 */
export function serverFieldError(error: unknown): { field?: Field; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'sku_taken') return { field: 'sku', message: error.message };
  if (error.code === 'unknown_category' || error.code === 'inactive_category') {
    return { field: 'category', message: error.message };
  }
  const match = /^([\w.]+): (.*)$/s.exec(error.message);
  const field = match && error.code === 'validation_failed' ? fieldOf(match[1]!.split('.')) : undefined;
  return field && match ? { field, message: match[2]! } : { message: error.message };
}
