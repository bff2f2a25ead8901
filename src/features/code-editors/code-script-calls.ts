import type { CodeScriptKind } from '../../../contract/schemas/code-scripts';
import type { EndpointDef } from '../../../contract/endpoints/define';
import type { CodeConfigBody, CodeConfigSchema } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';

/** Where the script on screen is kept: nothing for the system-wide kinds, a store, or a company. */
export interface ScriptScope {
  storeCode?: string;
  companyCode?: string;
}

/** A script's get call, as useCall reads it: every kind answers a CodeConfig. */
export interface ScriptRead {
  def: EndpointDef & { response: typeof CodeConfigSchema };
  args: { params?: { storeCode: string }; query?: { storeCode: string } | { companyCode: string } } | null;
}

/** The get call of each kind with its scope (console-admin §7); no scope yet: nothing is read. */
export function scriptRead(kind: CodeScriptKind, scope: ScriptScope | undefined): ScriptRead {
  switch (kind) {
    case 'thirdPartyAuth':
      return { def: endpoints.thirdPartyAuthGet, args: scope ? {} : null };
    case 'tagDataDecorator':
      return { def: endpoints.tagDataDecoratorGet, args: scope ? {} : null };
    case 'plusDataDecorator':
      return { def: endpoints.plusDataDecoratorGet, args: scope ? {} : null };
    case 'paperParser':
      return { def: endpoints.paperParserGet, args: scope ? { params: { storeCode: scope.storeCode! } } : null };
    case 'productFileParser':
      return {
        def: endpoints.productFileParserGet,
        args: scope ? { query: scope.storeCode ? { storeCode: scope.storeCode } : { companyCode: scope.companyCode! } } : null,
      };
  }
}

/** The save call of each kind with its scope. */
export async function saveScript(kind: CodeScriptKind, scope: ScriptScope, body: CodeConfigBody): Promise<void> {
  switch (kind) {
    case 'thirdPartyAuth':
      await api.call(endpoints.thirdPartyAuthSave, { body });
      return;
    case 'tagDataDecorator':
      await api.call(endpoints.tagDataDecoratorSave, { body });
      return;
    case 'plusDataDecorator':
      await api.call(endpoints.plusDataDecoratorSave, { body });
      return;
    case 'paperParser':
      await api.call(endpoints.paperParserSave, { params: { storeCode: scope.storeCode! }, body: { code: body.code } });
      return;
    case 'productFileParser':
      await api.call(endpoints.productFileParserSave, {
        query: scope.storeCode ? { storeCode: scope.storeCode } : { companyCode: scope.companyCode! },
        body: { code: body.code },
      });
  }
}

/** Line and column in a message of the server ("… (line 2, column 13)"). */
export function positionInMessage(message: string): { line?: number; column?: number } {
  const m = /\(line (\d+)(?:, column (\d+))?\)/.exec(message);
  return m ? { line: Number(m[1]), ...(m[2] ? { column: Number(m[2]) } : {}) } : {};
}
