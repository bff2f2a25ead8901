import { Type, type TProperties } from 'typebox';
import { CompanyCode, Mac, PrCode, StoreCode, Text } from './common';

/*
 * Helpers shared by the console-admin and plus-signage contracts. Request bodies are closed objects, so an unknown
 * field never reaches the database; answers are listed field by field because fast-json-stringify drops
 * whatever a response schema does not name.
 */

/** A closed request body. */
export const Body = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });

/** Record ids as the server hands them out (database ids are answered as strings). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const IdList = (maxItems = 500) => Type.Array(Id, { minItems: 1, maxItems });
export const IdParams = Type.Object({ id: Id });

/**
 * A member's login id: normally an e-mail, but the default company admin is `<companyCode>-admin`
 * (console-admin §9) and "a user id containing @ is treated as an email" (§5), so '@' is not required.
 */
export const UserId = Type.String({ minLength: 1, maxLength: 254, pattern: '^[^\\s]+$' });
export const Password = Type.String({ minLength: 1, maxLength: 1024 });
export const Name = Type.String({ minLength: 1, maxLength: 100 });
export const Mobile = Type.String({ maxLength: 32 });

/** One product-info slot; 255 slots per product (console-admin §3). */
export const PrInfoItem = Text(1000);
export const PrInfo = Type.Array(PrInfoItem, { maxItems: 255 });
export const PrCodeList = (maxItems = 1000) => Type.Array(PrCode, { minItems: 1, maxItems });

export const MacList = (maxItems = 1000) => Type.Array(Mac, { minItems: 1, maxItems });
/** `devList` of the plus calls: the spec sends objects, so more per-device fields can follow without a break. */
export const DevList = (maxItems = 1000) => Type.Array(Body({ mac: Mac }), { minItems: 1, maxItems });

export const IPv4 = Type.String({ maxLength: 15, format: 'ipv4' });
/** Gateway address: IPv4 with the fixed port 8080 (console-admin §5). */
export const GatewayIp = Type.String({ maxLength: 21, pattern: '^(\\d{1,3}\\.){3}\\d{1,3}:8080$' });
export const Port = Type.Integer({ minimum: 1, maximum: 65535 });
export const Host = Type.String({ maxLength: 253 });
/** PAN id: four hex digits (default BFFF). */
export const PanId = Type.String({ minLength: 1, maxLength: 4, pattern: '^[0-9A-Fa-f]{1,4}$' });

export const StoreCodeParams = Type.Object({ storeCode: StoreCode });
export const CompanyCodeParams = Type.Object({ companyCode: CompanyCode });
export const CompanyCodeQuery = Type.Object({ companyCode: CompanyCode }, { additionalProperties: false });

/**
 * Data whose fields the spec does not show (upload rows, plus setting, alarm data): passed through whole.
 * additionalProperties keeps fast-json-stringify from dropping its fields.
 */
export const FreeObject = Type.Object({}, { additionalProperties: true });
export const Anything = Type.Unknown();

/** Source code of a parser or decorator; the Fastify body limit bounds the request as a whole. */
export const SourceCode = Type.String({ maxLength: 500_000 });

/** A file name as shown in lists. */
export const FileName = Text(255);

/** The answer of a multi-row delete where some rows may be kept because they are still used. */
export const RemoveAnswer = Type.Object({
  removed: Type.Array(Type.String()),
  /** Rows kept because devices still use them, with those devices ("(n) mac (name)" in the UI). */
  inUse: Type.Array(Type.Object({ id: Type.String(), devices: Type.Array(Type.Object({ mac: Type.String(), name: Type.String() })) })),
});
