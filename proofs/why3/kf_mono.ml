(* SPDX-License-Identifier: Apache-2.0 OR MIT *)
(* A Why3 transformation for proofs/why3/cvc4_mono.drv (docs/ASSURANCE.md, "Time", session 60):
   "kf_drop_polymorphic" drops, from a task that Why3's "discriminate" has already given
   monomorphic instances of its polymorphic symbols (WP's Qed eqb/neqb, Memory eqmem/havoc,
   bool's match_bool), the polymorphic declarations that remain: a polymorphic symbol without
   a syntax in the driver, any premise whose formula still has a type variable, and any
   premise or definition that uses a dropped symbol. Only premises and symbols are dropped,
   never the goal, so a goal proved without them is proved with them: dropping hypotheses is
   sound. What is left is monomorphic, so the driver needs no type encoding (no uni / ty
   sorts, no sort guards). A goal that used a dropped symbol fails (undeclared symbol): it
   stays unproved, it cannot pass. *)

open Why3
open Ty
open Term
open Decl

let poly_ls keep ls =
  not (Sls.mem ls keep)
  && List.exists (fun ty -> not (ty_closed ty)) (oty_cons ls.ls_args ls.ls_value)

let has_tyvar t = not (Stv.is_empty (t_ty_freevars Stv.empty t))

let uses dropped t = t_s_any (fun _ -> false) (fun ls -> Sls.mem ls dropped) t

let step keep hd (dropped, task) =
  match hd.Task.task_decl.Theory.td_node with
  | Theory.Decl d ->
      let drop_ls ls = (Sls.add ls dropped, task) in
      let keep_d () = (dropped, Task.add_decl task d) in
      begin match d.d_node with
      | Dparam ls when poly_ls keep ls -> drop_ls ls
      | Dlogic l
        when List.exists (fun (ls, ld) ->
                 poly_ls keep ls || (let _, t = open_ls_defn ld in uses dropped t)) l ->
          (List.fold_left (fun s (ls, _) -> Sls.add ls s) dropped l, task)
      | Dind (_, l)
        when List.exists (fun (ls, cl) ->
                 poly_ls keep ls
                 || List.exists (fun (_, f) -> has_tyvar f || uses dropped f) cl) l ->
          (List.fold_left (fun s (ls, _) -> Sls.add ls s) dropped l, task)
      | Dprop ((Paxiom | Plemma), _, f) when has_tyvar f || uses dropped f -> (dropped, task)
      | _ -> keep_d ()
      end
  | _ -> (dropped, Task.add_tdecl task hd.Task.task_decl)

let drop_polymorphic =
  Trans.on_tagged_ls (Theory.lookup_meta "encoding:ignore_polymorphism_ls") (fun ign ->
  Trans.on_tagged_ls Printer.meta_syntax_logic (fun syn ->
    let keep = Sls.union ign syn in
    Trans.bind (Trans.fold (step keep) (Sls.empty, None))
      (fun (_, task) -> Trans.return task)))

(* WP loads the driver, hence this plugin, more than once in one Frama-C run: the first
   load registers the transformation, the later ones find it there *)
let () =
  try
    Trans.register_transform "kf_drop_polymorphic" drop_polymorphic
      ~desc:"Drop@ the@ polymorphic@ premises@ and@ symbols@ left@ after@ discriminate."
  with Trans.KnownTrans _ -> ()
