import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { failureToast } from './use-admin-action';

describe('admin failure toasts', () => {
  it('words a failed save with the server message', () => {
    expect(failureToast('save', new ApiError(400, "Il campo 'name' è obbligatorio.", 'name'))).toEqual({
      title: 'Errore',
      description: "Salvataggio fallito: Il campo 'name' è obbligatorio.",
    });
  });

  it('says Eliminazione fallita. and adds the reason of a refused delete', () => {
    expect(failureToast('delete', new ApiError(500, 'Errore interno.'))).toEqual({
      title: 'Errore',
      description: 'Eliminazione fallita.',
    });
    expect(failureToast('delete', new ApiError(409, 'Asset in uso.')).description).toBe(
      'Eliminazione fallita. Asset in uso.',
    );
  });

  it("keeps the server's own title (e.g. Azione non permessa)", () => {
    expect(
      failureToast(
        'action',
        new ApiError(403, "Non puoi modificare l'account admin principale.", undefined, 'Azione non permessa'),
      ),
    ).toEqual({ title: 'Azione non permessa', description: "Non puoi modificare l'account admin principale." });
  });
});
