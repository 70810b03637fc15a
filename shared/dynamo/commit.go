package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// MaxTxItems is DynamoDB's limit on the items of one TransactWriteItems.
// Commit refuses a larger Tx with Invalid rather than split it, which would
// break all-or-nothing.
const MaxTxItems = 100

// Conditions of the transaction's writes.
const (
	condCreate  = "attribute_not_exists(#pk)"
	condVersion = "#v = :v"
	condTurns   = "#tc = :tc"
	condAcquire = "attribute_not_exists(#pk) OR #turn = :turn OR #exp <= :now"
	condRelease = "#turn = :turn"
	condTurnID  = "#tid = :tid"
	condOwnConn = "attribute_not_exists(#pk) OR #cid = :cid"
)

// write is one item of the transaction and what to call it when its
// condition fails.
type write struct {
	what string
	pk   string
	sk   string
	op   types.TransactWriteItem
}

// ops are the transaction items of ws, in order.
func ops(ws []write) []types.TransactWriteItem {
	items := make([]types.TransactWriteItem, len(ws))
	for i, w := range ws {
		items[i] = w.op
	}
	return items
}

// Commit applies every write of tx with one TransactWriteItems: all or
// nothing. A failed condition is Conflict, naming the items whose condition
// failed in the error's cause; more than MaxTxItems writes, or a Tx that
// writes one item twice, is Invalid; anything else is Internal.
//
// DeleteConnections first reads the connections' pointers (one consistent
// BatchGetItem): a campaign may unbind only its own connections, and an id
// bound to another campaign is as unknown to it as one never seen, which
// is not an error. The transaction then checks that each pointer is still
// as read.
//
// Events are appended in the same transaction (see appendWrites): the
// counter is read first (its tail flushed, see append.go), and the
// transaction is tried again, with the counter read again, while the
// counter is all that failed.
func (s *Store) Commit(ctx context.Context, tx game.Tx) error {
	const op = "commit"
	writes, unbind, err := s.writes(tx)
	if err != nil {
		return err
	}
	n := len(writes) + len(unbind)
	if len(tx.Events) > 0 {
		n += len(tx.Events) + 1 // and the counter
	}
	if n == 0 {
		return nil
	}
	if n > MaxTxItems {
		return fault.E(fault.Invalid, op, "a commit holds at most %d writes, this one %d", MaxTxItems, n)
	}
	seen := make(map[string]string, n)
	once := func(pk, sk, what string) error {
		k := pk + "\x00" + sk
		if prev, ok := seen[k]; ok {
			return fault.E(fault.Invalid, op, "one commit cannot write an item twice (%s and %s)", prev, what)
		}
		seen[k] = what
		return nil
	}
	for _, w := range writes {
		if err := once(w.pk, w.sk, w.what); err != nil {
			return err
		}
	}
	for _, cid := range unbind {
		if err := once(connectionPK(cid), skMeta, "connection pointer "+cid); err != nil {
			return err
		}
	}
	if len(unbind) > 0 {
		owners, err := s.connectionOwners(ctx, op, unbind)
		if err != nil {
			return err
		}
		for _, cid := range unbind {
			writes = append(writes, s.unbindPointer(tx.CampaignID, cid, owners[cid] == tx.CampaignID))
		}
	}
	for try := 1; ; try++ {
		all := writes
		var last int64
		if len(tx.Events) > 0 {
			c, err := s.readCounter(ctx, op, tx.CampaignID)
			if err != nil {
				return err
			}
			if err := s.flush(ctx, op, tx.CampaignID, c.tail); err != nil {
				return err
			}
			last = c.last
			appended, err := s.appendWrites(op, tx.CampaignID, tx.Events, c.last, c.exists)
			if err != nil {
				return err
			}
			all = append(slices.Clip(writes), appended...)
		}
		_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: ops(all)})
		if err == nil {
			for i := range tx.Events {
				tx.Events[i].Seq = last + 1 + int64(i)
			}
			return nil
		}
		if len(tx.Events) == 0 || try == maxAppendTries || !counterOnly(err, len(all)-1) {
			return txError(op, tx.CampaignID, all, err)
		}
		if err := appendPause(ctx, try); err != nil {
			return internal(op, err, "campaign %s: append", tx.CampaignID)
		}
	}
}

// connectionOwners reads the campaign each connection is bound to; unbound
// ids are absent from the map.
func (s *Store) connectionOwners(ctx context.Context, op string, ids []string) (map[string]string, error) {
	keys := make([]item, len(ids))
	for i, cid := range ids {
		keys[i] = key(connectionPK(cid), skMeta)
	}
	ptrs, err := s.batchGet(ctx, op, keys)
	if err != nil {
		return nil, err
	}
	owners := make(map[string]string, len(ptrs))
	for _, p := range ptrs {
		cid, _ := strings.CutPrefix(getS(p, AttrPK), pkConnection)
		owners[cid] = getS(p, attrCampaignID)
	}
	return owners, nil
}

// unbindPointer deletes a connection's pointer that was read as bound to
// campaign id, on the condition that it still is; for a pointer read as
// absent or bound elsewhere it only checks that this has not changed to
// "bound to id" meanwhile, and leaves the pointer alone.
func (s *Store) unbindPointer(id, cid string, ours bool) write {
	n := map[string]string{"#cid": attrCampaignID}
	v := item{":cid": str(id)}
	if ours {
		return s.del("connection pointer "+cid+" (rebound meanwhile)", connectionPK(cid), skMeta, "#cid = :cid", n, v)
	}
	n["#pk"] = AttrPK
	return write{
		what: "connection pointer " + cid + " (bound to this campaign meanwhile)",
		pk:   connectionPK(cid), sk: skMeta,
		op: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName:                 aws.String(s.table),
			Key:                       key(connectionPK(cid), skMeta),
			ConditionExpression:       aws.String("attribute_not_exists(#pk) OR #cid <> :cid"),
			ExpressionAttributeNames:  n,
			ExpressionAttributeValues: v,
		}},
	}
}

// txError maps a TransactWriteItems failure to a fault.
func txError(op, campaignID string, writes []write, err error) error {
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		var failed []string
		conflict := len(tce.CancellationReasons) == 0
		for i, r := range tce.CancellationReasons {
			code := aws.ToString(r.Code)
			if code == "" || code == "None" {
				continue
			}
			what := "item " + strconv.Itoa(i)
			if i < len(writes) {
				what = writes[i].what
			}
			failed = append(failed, what+": "+code)
			conflict = conflict || code == "ConditionalCheckFailed" || code == "TransactionConflict"
		}
		cause := fmt.Errorf("campaign %s: transaction cancelled [%s]: %w", campaignID, strings.Join(failed, "; "), err)
		if !conflict { // throttled, too large, ...: not a condition
			return fault.Wrap(fault.Internal, op, cause)
		}
		return &fault.Error{Kind: fault.Conflict, Op: op, Message: "the campaign changed meanwhile; nothing was saved", Err: cause}
	}
	var tc *types.TransactionConflictException
	if errors.As(err, &tc) {
		return &fault.Error{Kind: fault.Conflict, Op: op, Message: "the campaign changed meanwhile; nothing was saved",
			Err: fmt.Errorf("campaign %s: %w", campaignID, err)}
	}
	return internal(op, err, "campaign %s: transact %d writes", campaignID, len(writes))
}

// put is a conditional Put of it.
func (s *Store) put(what string, it item, cond string, attrNames map[string]string, values item) write {
	p := &types.Put{TableName: aws.String(s.table), Item: it}
	if cond != "" {
		p.ConditionExpression = aws.String(cond)
		p.ExpressionAttributeNames = attrNames
		if len(values) > 0 {
			p.ExpressionAttributeValues = values
		}
	}
	return write{what: what, pk: getS(it, AttrPK), sk: getS(it, AttrSK), op: types.TransactWriteItem{Put: p}}
}

// del is a conditional Delete of the item at pk, sk.
func (s *Store) del(what, pk, sk, cond string, attrNames map[string]string, values item) write {
	d := &types.Delete{TableName: aws.String(s.table), Key: key(pk, sk)}
	if cond != "" {
		d.ConditionExpression = aws.String(cond)
		d.ExpressionAttributeNames = attrNames
		if len(values) > 0 {
			d.ExpressionAttributeValues = values
		}
	}
	return write{what: what, pk: pk, sk: sk, op: types.TransactWriteItem{Delete: d}}
}

// check is a ConditionCheck of the item at pk, sk: it writes nothing, and
// fails the transaction unless cond holds.
func (s *Store) check(what, pk, sk, cond string, attrNames map[string]string, values item) write {
	return write{what: what, pk: pk, sk: sk, op: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName:                 aws.String(s.table),
		Key:                       key(pk, sk),
		ConditionExpression:       aws.String(cond),
		ExpressionAttributeNames:  attrNames,
		ExpressionAttributeValues: values,
	}}}
}

// versioned is the Put of a versioned item read at version v: a create when
// v is 0, else an update only while the stored version is still v. The
// item is stored at v+1.
func (s *Store) versioned(what string, it item, v int64) write {
	if v == 0 {
		return s.put(what, it, condCreate, map[string]string{"#pk": AttrPK}, nil)
	}
	return s.put(what, it, condVersion, map[string]string{"#v": attrVersion}, item{":v": num(v)})
}

// create is the Put of an item that must not exist yet.
func (s *Store) create(what string, it item) write {
	return s.put(what, it, condCreate, map[string]string{"#pk": AttrPK}, nil)
}

// encounterWrites are the writes of one encounter record (keys.go): one
// under way is a versioned ENC# item; the write that finishes it deletes
// that item at the version read and creates the WIRE#ENC# item. Every
// write of a record that has finished already finds no ENC# item at its
// version, and fails as a stale one does; a create checks that the id is
// in neither place.
func (s *Store) encounterWrites(pk string, e campaign.EncounterRecord) ([]write, error) {
	id, _ := campaignIDOf(pk)
	it, err := encounterItem(id, e, e.Version+1)
	if err != nil {
		return nil, err
	}
	what := "encounter " + e.ID
	absent := func(sk, why string) write {
		return s.check(what+" ("+why+")", pk, sk, condCreate, map[string]string{"#pk": AttrPK}, nil)
	}
	switch {
	case !e.Finished() && e.Version == 0:
		return []write{s.versioned(what, it, 0), absent(encDoneSK(e.ID), "finished already")}, nil
	case !e.Finished():
		return []write{s.versioned(what, it, e.Version)}, nil
	case e.Version == 0:
		return []write{s.create(what, it), absent(encSK(e.ID), "under way")}, nil
	default:
		return s.finishWrites(pk, e.ID, e.Version, it), nil
	}
}

// finishWrites move encounter id from ENC#, where it is at version, to
// done, its WIRE#ENC# item: the commit that finishes it and the sweep
// that moves one finished before this layout (ArchiveEncounters).
func (s *Store) finishWrites(pk, id string, version int64, done item) []write {
	what := "encounter " + id
	return []write{
		s.del(what+" under way", pk, encSK(id), condVersion, map[string]string{"#v": attrVersion}, item{":v": num(version)}),
		s.create(what+" finished", done),
	}
}

// writes validates tx and turns it into transaction items, in a fixed
// order: campaign, state, characters, sessions, turn, member, requests,
// lease, connections. unbind lists the connection ids to unbind, whose
// pointers Commit handles.
func (s *Store) writes(tx game.Tx) (ws []write, unbind []string, err error) {
	const op = "commit"
	id := tx.CampaignID
	if id == "" {
		return nil, nil, fault.Field(op, "campaign_id", "is required")
	}
	same := func(field, other string) error {
		if other != "" && other != id {
			return fault.Field(op, field, "belongs to another campaign")
		}
		return nil
	}
	pk := campaignPK(id)
	add := func(w write, err error) error {
		if err != nil {
			return fault.Wrap(fault.Internal, op, err)
		}
		ws = append(ws, w)
		return nil
	}

	if c := tx.Campaign; c != nil {
		if c.ID != id {
			return nil, nil, fault.Field(op, "campaign.id", "must be the commit's campaign")
		}
		if c.Version < 0 {
			return nil, nil, fault.Field(op, "campaign.version", "must not be negative")
		}
		it, err := campaignItem(*c, c.Version+1)
		if err := add(s.versioned("campaign", it, c.Version), err); err != nil {
			return nil, nil, err
		}
	}

	if st := tx.NewState; st != nil {
		if err := same("new_state.campaign_id", st.CampaignID); err != nil {
			return nil, nil, err
		}
		it, err := withKey(pk, skState, *st)
		if err := add(s.create("new state", it), err); err != nil {
			return nil, nil, err
		}
	}
	if st := tx.State; st != nil {
		if err := same("state.campaign_id", st.CampaignID); err != nil {
			return nil, nil, err
		}
		it, err := withKey(pk, skState, *st)
		w := s.put(fmt.Sprintf("state (expected turn_count %d)", tx.ExpectTurnCount), it, condTurns,
			map[string]string{"#tc": attrTurnCount}, item{":tc": num(int64(tx.ExpectTurnCount))})
		if err := add(w, err); err != nil {
			return nil, nil, err
		}
	}

	for i, c := range tx.Characters {
		if c.ID == "" {
			return nil, nil, fault.Field(op, fmt.Sprintf("characters[%d].id", i), "is required")
		}
		if c.Version < 0 {
			return nil, nil, fault.Field(op, fmt.Sprintf("characters[%d].version", i), "must not be negative")
		}
		it, err := characterItem(id, c, c.Version+1)
		if err := add(s.versioned("character "+c.ID, it, c.Version), err); err != nil {
			return nil, nil, err
		}
	}

	for i, e := range tx.Encounters {
		if e.ID == "" || e.Version < 0 {
			return nil, nil, fault.Field(op, fmt.Sprintf("encounters[%d]", i), "needs an id and a version of 0 or more")
		}
		ew, err := s.encounterWrites(pk, e)
		if err != nil {
			return nil, nil, fault.Wrap(fault.Internal, op, err)
		}
		ws = append(ws, ew...)
	}

	for i, se := range tx.Sessions {
		if se.ID == "" {
			return nil, nil, fault.Field(op, fmt.Sprintf("sessions[%d].session_id", i), "is required")
		}
		if se.Version < 0 {
			return nil, nil, fault.Field(op, fmt.Sprintf("sessions[%d].version", i), "must not be negative")
		}
		if err := same(fmt.Sprintf("sessions[%d].campaign_id", i), se.CampaignID); err != nil {
			return nil, nil, err
		}
		it, err := sessionItem(id, se, se.Version+1)
		if err := add(s.versioned("session "+se.ID, it, se.Version), err); err != nil {
			return nil, nil, err
		}
	}

	if t := tx.Turn; t != nil {
		if t.Sequence < 0 || t.Sequence > maxTurnSeq {
			return nil, nil, fault.Field(op, "turn.sequence", "must be between 0 and %d", maxTurnSeq)
		}
		if err := same("turn.campaign_id", t.CampaignID); err != nil {
			return nil, nil, err
		}
		body := *t
		body.Before = nil // kept in an item of its own, below
		it, err := withKey(pk, turnSK(t.Sequence), body)
		w := s.create(fmt.Sprintf("turn %d", t.Sequence), it)
		if tx.ReplaceTurn != "" {
			w = s.put(fmt.Sprintf("turn %d (retold, of turn %s)", t.Sequence, tx.ReplaceTurn), it, condTurnID,
				map[string]string{"#tid": attrTurnID}, item{":tid": str(tx.ReplaceTurn)})
		}
		if err := add(w, err); err != nil {
			return nil, nil, err
		}
		if t.Before != nil {
			// Over what an earlier turn of the sequence kept, if an undo
			// freed it: the turn's own item is the transaction's guard.
			it, err := beforeItem(pk, *t, *t.Before)
			if err := add(s.put(fmt.Sprintf("what turn %d replaced", t.Sequence), it, "", nil, nil), err); err != nil {
				return nil, nil, err
			}
		}
	} else if tx.ReplaceTurn != "" {
		return nil, nil, fault.Field(op, "replace_turn", "names the turn Turn replaces, which is missing")
	}
	if r := tx.DropTurn; r != nil {
		if r.Sequence < 1 || r.Sequence > maxTurnSeq || r.ID == "" {
			return nil, nil, fault.Field(op, "drop_turn", "needs a sequence between 1 and %d and a turn id", maxTurnSeq)
		}
		if err := add(s.del(fmt.Sprintf("turn %d (taken back, turn %s)", r.Sequence, r.ID), pk, turnSK(r.Sequence), condTurnID,
			map[string]string{"#tid": attrTurnID}, item{":tid": str(r.ID)}), nil); err != nil {
			return nil, nil, err
		}
	}
	for i, t := range tx.Undone {
		if t.ID == "" || t.Sequence < 0 || t.Sequence > maxTurnSeq {
			return nil, nil, fault.Field(op, fmt.Sprintf("undone[%d]", i), "needs a turn id and a sequence between 0 and %d", maxTurnSeq)
		}
		if err := same(fmt.Sprintf("undone[%d].campaign_id", i), t.CampaignID); err != nil {
			return nil, nil, err
		}
		it, err := undoneItem(pk, t)
		if err := add(s.create("undone turn "+t.ID, it), err); err != nil {
			return nil, nil, err
		}
	}

	if m := tx.Member; m != nil {
		if m.PlayerID == "" {
			return nil, nil, fault.Field(op, "member.player_id", "is required")
		}
		it, err := memberItem(id, *m)
		if err := add(s.create("member "+m.PlayerID, it), err); err != nil {
			return nil, nil, err
		}
	}

	if tx.Memory != nil {
		it := key(pk, skMemory)
		it[attrMemory] = &types.AttributeValueMemberB{Value: tx.Memory}
		if err := add(s.put("memory", it, "", nil, nil), nil); err != nil {
			return nil, nil, err
		}
	}

	if pl := tx.RemoveMember; pl != "" {
		if tx.Member != nil && tx.Member.PlayerID == pl {
			return nil, nil, fault.Field(op, "remove_member", "cannot add and remove the same member")
		}
		if err := add(s.del("remove member "+pl, pk, memberSK(pl), "attribute_exists(#pk)", map[string]string{"#pk": AttrPK}, nil), nil); err != nil {
			return nil, nil, err
		}
	}

	if r := tx.Request; r != nil {
		if r.RequestID == "" {
			return nil, nil, fault.Field(op, "request.request_id", "is required")
		}
		it, err := requestItem(pk, *r)
		w := s.create("request "+r.RequestID, it)
		if err == nil && r.ExpiresAt != nil {
			// Until DynamoDB deletes an expired claim, it may be claimed
			// again, as on SQLite.
			w = s.put("request "+r.RequestID, it, "attribute_not_exists(#pk) OR #exp <= :at",
				map[string]string{"#pk": AttrPK, "#exp": AttrTTL}, item{":at": num(r.CreatedAt.Unix())})
		}
		if err := add(w, err); err != nil {
			return nil, nil, err
		}
	}
	if r := tx.MarkRequest; r != nil {
		if r.RequestID == "" {
			return nil, nil, fault.Field(op, "mark_request.request_id", "is required")
		}
		if tx.Request != nil && tx.Request.RequestID == r.RequestID {
			return nil, nil, fault.Field(op, "mark_request", "cannot remember and mark the same request")
		}
		it, err := requestItem(pk, *r)
		if err := add(s.put("mark request "+r.RequestID, it, "", nil, nil), err); err != nil {
			return nil, nil, err
		}
	}

	if l := tx.AcquireLease; l != nil {
		if l.TurnID == "" {
			return nil, nil, fault.Field(op, "lease.turn_id", "is required")
		}
		it, err := leaseItem(id, *l)
		// Free, already ours, or expired: "unexpired" means ExpiresAt after
		// LeaseNow, so a lease expiring exactly at LeaseNow may be taken.
		w := s.put("lease (held by another turn)", it, condAcquire,
			map[string]string{"#pk": AttrPK, "#turn": attrLeaseTurn, "#exp": attrLeaseExpiry},
			item{":turn": str(l.TurnID), ":now": str(stamp(tx.LeaseNow))})
		if err := add(w, err); err != nil {
			return nil, nil, err
		}
		if n := tx.LeaseTurnCount; n != nil {
			if tx.State != nil || tx.NewState != nil {
				return nil, nil, fault.Field(op, "lease_turn_count", "cannot be checked on a state this commit writes")
			}
			ws = append(ws, s.check(fmt.Sprintf("state (turn_count moved on from %d)", *n), pk, skState, condTurns,
				map[string]string{"#tc": attrTurnCount}, item{":tc": num(int64(*n))}))
		}
	} else if tx.LeaseTurnCount != nil {
		return nil, nil, fault.Field(op, "lease_turn_count", "guards AcquireLease, which is missing")
	}
	if tx.ReleaseLease != "" {
		ws = append(ws, s.del("lease release (not held by turn "+tx.ReleaseLease+")", pk, skLock, condRelease,
			map[string]string{"#turn": attrLeaseTurn}, item{":turn": str(tx.ReleaseLease)}))
	}

	if c := tx.PutConnection; c != nil {
		if c.ID == "" {
			return nil, nil, fault.Field(op, "connection.connection_id", "is required")
		}
		if err := same("connection.campaign_id", c.CampaignID); err != nil {
			return nil, nil, err
		}
		conn := *c
		conn.CampaignID = id
		it, err := withKey(pk, connSK(conn.ID), conn)
		if err := add(s.put("connection "+conn.ID, it, "", nil, nil), err); err != nil {
			return nil, nil, err
		}
		// The pointer holds the same small body: the campaign and player
		// (and when it connected) of a connection known only by its id. A
		// connection bound to another campaign stays there.
		ptr, err := withKey(connectionPK(conn.ID), skMeta, conn)
		w := s.put("connection pointer "+conn.ID+" (bound to another campaign)", ptr, condOwnConn,
			map[string]string{"#pk": AttrPK, "#cid": attrCampaignID}, item{":cid": str(id)})
		if err := add(w, err); err != nil {
			return nil, nil, err
		}
	}
	// Unbinding: the CONN# item is in this partition, so deleting it is
	// safe whatever the id; the pointers are left to Commit, which must
	// read them first.
	for i, cid := range tx.DeleteConnections {
		if cid == "" {
			return nil, nil, fault.Field(op, fmt.Sprintf("delete_connections[%d]", i), "is required")
		}
		if slices.Contains(unbind, cid) {
			continue
		}
		unbind = append(unbind, cid)
		ws = append(ws, s.del("connection "+cid, pk, connSK(cid), "", nil, nil))
	}
	return ws, unbind, nil
}
