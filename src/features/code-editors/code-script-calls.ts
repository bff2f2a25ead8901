import type { CodeScriptKind } from '../../api/contract/code-scripts';
import type { CodeConfig, CodeConfigBody } from '../../api/contract/settings';
import { endpoints } from '../../api/endpoints';
import { api } from '../../app/api';

/** Where the script on screen is kept: nothing for the system-wide kinds, a store, or a company. */
export interface ScriptScope {
  storeCode?: string;
  companyCode?: string;
}

/** The get call of each kind with its scope (console-admin §7). */
export function loadScript(kind: CodeScriptKind, scope: ScriptScope): Promise<CodeConfig> {
  switch (kind) {
    case 'thirdPartyAuth':
      return api.call(endpoints.thirdPartyAuthGet, {});
    case 'tagDataDecorator':
      return api.call(endpoints.tagDataDecoratorGet, {});
    case 'plusDataDecorator':
      return api.call(endpoints.plusDataDecoratorGet, {});
    case 'paperParser':
      return api.call(endpoints.paperParserGet, { params: { storeCode: scope.storeCode! } });
    case 'productFileParser':
      return api.call(endpoints.productFileParserGet, {
        query: scope.storeCode ? { storeCode: scope.storeCode } : { companyCode: scope.companyCode! },
      });
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
