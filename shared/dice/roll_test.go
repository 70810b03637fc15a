package dice_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/dice"
)

// script is a Source that returns the given faces (1-based) in order and
// records the n of every call.
type script struct {
	faces []int
	calls []int
}

func (s *script) Intn(n int) int {
	if len(s.faces) == 0 {
		panic(fmt.Sprintf("script exhausted after %d calls", len(s.calls)))
	}
	f := s.faces[0]
	s.faces = s.faces[1:]
	s.calls = append(s.calls, n)
	return f - 1
}

func scripted(faces ...int) *script { return &script{faces: faces} }

func TestRollKeepsAndDrops(t *testing.T) {
	tests := []struct {
		name          string
		expr          string
		faces         []int
		kept, dropped []int
		total         int
	}{
		{"KeepHighestDropsLowest", "4d6kh3", []int{3, 6, 2, 5}, []int{3, 6, 5}, []int{2}, 14},
		{"KeepLowestKeepsLowest", "4d6kl1", []int{3, 6, 2, 5}, []int{2}, []int{3, 6, 5}, 2},
		{"KeepHighestTieDropsLaterDie", "4d6kh3", []int{4, 1, 1, 6}, []int{4, 1, 6}, []int{1}, 11},
		{"KeepLowestTieDropsLaterDie", "3d6kl2", []int{6, 2, 6}, []int{6, 2}, []int{6}, 8},
		{"KeepHighestOfTwoD20", "2d20kh1", []int{7, 15}, []int{15}, []int{7}, 15},
		{"KeepLowestOfTwoD20", "2d20kl1", []int{7, 15}, []int{7}, []int{15}, 7},
		{"NoKeepKeepsAllInOrder", "3d8", []int{8, 1, 4}, []int{8, 1, 4}, nil, 13},
		{"AllEqualFaces", "4d6kh2", []int{3, 3, 3, 3}, []int{3, 3}, []int{3, 3}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := dice.Roll(dice.MustParse(tt.expr), scripted(tt.faces...))
			term := r.Terms[0]
			if !slices.Equal(term.Rolls, tt.faces) {
				t.Errorf("rolls = %v, want %v", term.Rolls, tt.faces)
			}
			if !slices.Equal(term.Kept, tt.kept) || !slices.Equal(term.Dropped, tt.dropped) {
				t.Errorf("kept %v dropped %v, want kept %v dropped %v", term.Kept, term.Dropped, tt.kept, tt.dropped)
			}
			if r.Total != tt.total || term.Subtotal != tt.total {
				t.Errorf("total = %d, subtotal = %d, want %d", r.Total, term.Subtotal, tt.total)
			}
		})
	}
}

func TestRollSumsTerms(t *testing.T) {
	tests := []struct {
		name      string
		expr      string
		faces     []int
		total     int
		subtotals []int
	}{
		{"ModifierAdded", "1d20+5", []int{14}, 19, []int{14, 5}},
		{"SeveralDiceTerms", "1d20+1d4+2", []int{11, 3}, 16, []int{11, 3, 2}},
		{"FlatSubtracted", "1d8-1", []int{1}, 0, []int{1, -1}},
		{"DiceSubtracted", "2d6-1d4", []int{3, 4, 2}, 5, []int{7, -2}},
		{"LeadingNegativeDice", "-1d4+2", []int{4}, -2, []int{-4, 2}},
		{"FlatOnlyRollsNothing", "7", nil, 7, []int{7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := scripted(tt.faces...)
			r := dice.Roll(dice.MustParse(tt.expr), src)
			if r.Total != tt.total {
				t.Errorf("total = %d, want %d", r.Total, tt.total)
			}
			var subtotals []int
			for _, term := range r.Terms {
				subtotals = append(subtotals, term.Subtotal)
			}
			if !slices.Equal(subtotals, tt.subtotals) {
				t.Errorf("subtotals = %v, want %v", subtotals, tt.subtotals)
			}
			if !slices.Equal(r.Rolls, tt.faces) {
				t.Errorf("rolls = %v, want %v", r.Rolls, tt.faces)
			}
			if len(src.faces) != 0 {
				t.Errorf("%d faces left unrolled", len(src.faces))
			}
		})
	}
}

func TestNatural(t *testing.T) {
	tests := []struct {
		name  string
		expr  string
		faces []int
		opts  []dice.Option
		want  int
	}{
		{"SingleD20", "1d20+5", []int{17}, nil, 17},
		{"D20WithBless", "1d20+1d4+2", []int{20, 1}, nil, 20},
		{"D20WithBane", "1d20-1d4+2", []int{1, 4}, nil, 1},
		{"D20WithAdvantageIsKeptFace", "1d20", []int{3, 18}, []dice.Option{dice.Advantage()}, 18},
		{"D20WithDisadvantageIsKeptFace", "1d20", []int{3, 18}, []dice.Option{dice.Disadvantage()}, 3},
		{"WrittenAdvantage", "2d20kh1+4", []int{9, 2}, nil, 9},
		{"NoneForTwoKeptD20s", "2d20", []int{9, 2}, nil, 0},
		{"NoneForTwoD20Terms", "1d20+1d20", []int{9, 2}, nil, 0},
		{"NoneForSubtractedD20", "10-1d20", []int{9}, nil, 0},
		{"NoneWithoutD20", "2d6+3", []int{6, 6}, nil, 0},
		{"NoneForD100", "1d100", []int{20}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := dice.Roll(dice.MustParse(tt.expr), scripted(tt.faces...), tt.opts...)
			if r.Natural != tt.want {
				t.Errorf("natural = %d, want %d", r.Natural, tt.want)
			}
		})
	}
}

func TestAdvantageNeverLowerThanPlainRoll(t *testing.T) {
	e := dice.MustParse("1d20+3")
	for a := 1; a <= 20; a++ {
		plain := dice.Roll(e, scripted(a))
		for b := 1; b <= 20; b++ {
			adv := dice.Roll(e, scripted(a, b), dice.Advantage())
			dis := dice.Roll(e, scripted(a, b), dice.Disadvantage())
			if adv.Total < plain.Total || adv.Total != max(a, b)+3 {
				t.Fatalf("faces %d, %d: advantage total %d, plain %d", a, b, adv.Total, plain.Total)
			}
			if dis.Total > plain.Total || dis.Total != min(a, b)+3 {
				t.Fatalf("faces %d, %d: disadvantage total %d, plain %d", a, b, dis.Total, plain.Total)
			}
			if !adv.Advantage || adv.Disadvantage || !dis.Disadvantage || dis.Advantage {
				t.Fatalf("flags: advantage roll %v/%v, disadvantage roll %v/%v",
					adv.Advantage, adv.Disadvantage, dis.Advantage, dis.Disadvantage)
			}
		}
	}
	// The same holds for seeded sources: advantage draws the plain roll's
	// d20 first.
	for seed := range uint64(2000) {
		plain := dice.Roll(e, dice.NewSeeded(seed))
		adv := dice.Roll(e, dice.NewSeeded(seed), dice.Advantage())
		dis := dice.Roll(e, dice.NewSeeded(seed), dice.Disadvantage())
		if adv.Total < plain.Total || dis.Total > plain.Total {
			t.Fatalf("seed %d: advantage %d, plain %d, disadvantage %d", seed, adv.Total, plain.Total, dis.Total)
		}
	}
}

func TestAdvantageRollsTheD20Term(t *testing.T) {
	src := scripted(4, 16, 2)
	r := dice.Roll(dice.MustParse("1d20+1d4+5"), src, dice.Advantage())
	if got := r.Terms[0].Dice; got != "2d20kh1" {
		t.Errorf("d20 term rolled as %q, want 2d20kh1", got)
	}
	if got := r.Terms[1].Dice; got != "1d4" {
		t.Errorf("d4 term rolled as %q, want 1d4", got)
	}
	if r.Expr != "1d20+1d4+5" {
		t.Errorf("expr = %q, want the expression as requested", r.Expr)
	}
	if !slices.Equal(src.calls, []int{20, 20, 4}) {
		t.Errorf("draws = %v, want d20, d20, d4", src.calls)
	}
	if r.Total != 16+2+5 {
		t.Errorf("total = %d, want 23", r.Total)
	}
}

func TestAdvantageWithoutD20TermChangesNothing(t *testing.T) {
	for _, expr := range []string{"2d6+3", "2d20kh1", "-1d20", "2d20"} {
		e := dice.MustParse(expr)
		plain := dice.Roll(e, dice.NewSeeded(1))
		adv := dice.Roll(e, dice.NewSeeded(1), dice.Advantage())
		if !reflect.DeepEqual(plain, adv) {
			t.Errorf("%s: advantage changed the roll: %+v vs %+v", expr, adv, plain)
		}
	}
}

func TestAdvantageAndDisadvantageCancel(t *testing.T) {
	for _, opts := range [][]dice.Option{
		{dice.Advantage(), dice.Disadvantage()},
		{dice.Disadvantage(), dice.Advantage()},
		{dice.Advantage(), dice.Advantage(), dice.Disadvantage()},
	} {
		src := scripted(12)
		r := dice.Roll(dice.MustParse("1d20+2"), src, opts...)
		if !slices.Equal(src.calls, []int{20}) {
			t.Errorf("draws = %v, want exactly one d20", src.calls)
		}
		if r.Advantage || r.Disadvantage {
			t.Errorf("flags advantage=%v disadvantage=%v, want neither", r.Advantage, r.Disadvantage)
		}
		if r.Terms[0].Dice != "1d20" || r.Total != 14 || r.Natural != 12 {
			t.Errorf("rolled %q total %d natural %d, want 1d20 14 12", r.Terms[0].Dice, r.Total, r.Natural)
		}
	}
}

func TestCriticalDoublesDiceNotModifiers(t *testing.T) {
	tests := []struct {
		name     string
		expr     string
		faces    []int
		rolledAs []string
		total    int
	}{
		{"OneDie", "1d8+3", []int{5, 7}, []string{"2d8", "3"}, 15},
		{"SeveralTerms", "2d6+1d4+3", []int{1, 2, 3, 4, 1, 2}, []string{"4d6", "2d4", "3"}, 16},
		{"SubtractedModifier", "1d6-1", []int{6, 6}, []string{"2d6", "-1"}, 11},
		{"KeepDoubled", "2d6kh1+2", []int{1, 5, 3, 6}, []string{"4d6kh2", "2"}, 13},
		{"FlatOnlyUnchanged", "4", nil, []string{"4"}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := scripted(tt.faces...)
			r := dice.Roll(dice.MustParse(tt.expr), src, dice.Critical())
			var rolledAs []string
			for _, term := range r.Terms {
				rolledAs = append(rolledAs, term.Dice)
			}
			if !slices.Equal(rolledAs, tt.rolledAs) {
				t.Errorf("terms rolled as %v, want %v", rolledAs, tt.rolledAs)
			}
			if r.Total != tt.total || !r.Critical {
				t.Errorf("total = %d critical = %v, want %d true", r.Total, r.Critical, tt.total)
			}
			if len(src.calls) != len(tt.faces) {
				t.Errorf("%d dice rolled, want %d", len(src.calls), len(tt.faces))
			}
		})
	}
}

func TestCriticalLeavesAdvantageD20Alone(t *testing.T) {
	src := scripted(3, 19, 2, 5)
	r := dice.Roll(dice.MustParse("1d20+1d6"), src, dice.Critical(), dice.Advantage())
	if r.Terms[0].Dice != "2d20kh1" || r.Terms[1].Dice != "2d6" || r.Total != 19+7 {
		t.Errorf("rolled %q and %q, total %d", r.Terms[0].Dice, r.Terms[1].Dice, r.Total)
	}
}

func TestRerolls(t *testing.T) {
	tests := []struct {
		name     string
		expr     string
		faces    []int
		opts     []dice.Option
		kept     [][]int
		rerolled []dice.Reroll
		total    int
	}{
		{
			"GreatWeaponFightingRerollsOnesAndTwosOnce", "2d6+3", []int{1, 5, 2},
			[]dice.Option{dice.RerollBelow(3)},
			[][]int{{2, 5}, nil}, []dice.Reroll{{Die: 0, From: 1, To: 2}}, 10,
		},
		{
			"GreatWeaponFightingKeepsLowReroll", "2d6", []int{2, 1, 1, 6},
			[]dice.Option{dice.RerollBelow(3)},
			[][]int{{1, 6}}, []dice.Reroll{{Die: 0, From: 2, To: 1}, {Die: 1, From: 1, To: 6}}, 7,
		},
		{
			"GreatWeaponFightingOnEveryDiceTerm", "1d8+1d6", []int{1, 8, 2, 3},
			[]dice.Option{dice.RerollBelow(3)},
			[][]int{{8}, {3}}, []dice.Reroll{{Die: 0, From: 1, To: 8}, {Die: 0, From: 2, To: 3}}, 11,
		},
		{
			"RerollBeforeKeeping", "4d6kh3", []int{1, 4, 4, 4, 6},
			[]dice.Option{dice.RerollBelow(2)},
			[][]int{{6, 4, 4}}, []dice.Reroll{{Die: 0, From: 1, To: 6}}, 14,
		},
		{
			"LargestThresholdWins", "1d6", []int{2, 5},
			[]dice.Option{dice.RerollBelow(3), dice.RerollBelow(2)},
			[][]int{{5}}, []dice.Reroll{{Die: 0, From: 2, To: 5}}, 5,
		},
		{
			"RerollBelowOneDoesNothing", "1d6", []int{1},
			[]dice.Option{dice.RerollBelow(1)},
			[][]int{{1}}, nil, 1,
		},
		{
			// Empowered Spell with a Charisma of +2: the two lowest dice
			// below the middle (a 1 and a 2 of 8d6), lowest first.
			"EmpoweredRerollsTheLowestBelowTheMiddle", "4d6", []int{2, 5, 1, 3, 6, 4},
			[]dice.Option{dice.RerollLow(2)},
			[][]int{{4, 5, 6, 3}}, []dice.Reroll{{Die: 2, From: 1, To: 6}, {Die: 0, From: 2, To: 4}}, 18,
		},
		{
			"EmpoweredLeavesDiceAtOrAboveTheMiddle", "2d8", []int{5, 8},
			[]dice.Option{dice.RerollLow(3)},
			[][]int{{5, 8}}, nil, 13,
		},
		{
			"EmpoweredSharesItsDiceAcrossTerms", "1d10+1d6+2", []int{1, 7, 2},
			[]dice.Option{dice.RerollLow(1)},
			[][]int{{7}, {2}, nil}, []dice.Reroll{{Die: 0, From: 1, To: 7}}, 11,
		},
		{
			"LuckyRerollsNaturalOne", "1d20+1d4+2", []int{1, 12, 1},
			[]dice.Option{dice.Lucky()},
			[][]int{{12}, {1}, nil}, []dice.Reroll{{Die: 0, From: 1, To: 12}}, 15,
		},
		{
			"LuckyKeepsSecondOne", "1d20", []int{1, 1},
			[]dice.Option{dice.Lucky()},
			[][]int{{1}}, []dice.Reroll{{Die: 0, From: 1, To: 1}}, 1,
		},
		{
			"LuckyIgnoresOtherFaces", "1d20", []int{2},
			[]dice.Option{dice.Lucky()},
			[][]int{{2}}, nil, 2,
		},
		{
			"LuckyWithAdvantageRerollsOnlyOneOfTwoOnes", "1d20", []int{1, 1, 8},
			[]dice.Option{dice.Lucky(), dice.Advantage()},
			[][]int{{8}}, []dice.Reroll{{Die: 0, From: 1, To: 8}}, 8,
		},
		{
			"LuckyWithDisadvantageRerollsTheOne", "1d20", []int{15, 1, 9},
			[]dice.Option{dice.Lucky(), dice.Disadvantage()},
			[][]int{{9}}, []dice.Reroll{{Die: 1, From: 1, To: 9}}, 9,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := scripted(tt.faces...)
			r := dice.Roll(dice.MustParse(tt.expr), src, tt.opts...)
			var kept [][]int
			var rerolled []dice.Reroll
			for _, term := range r.Terms {
				kept = append(kept, term.Kept)
				rerolled = append(rerolled, term.Rerolled...)
			}
			if !reflect.DeepEqual(kept, tt.kept) {
				t.Errorf("kept = %v, want %v", kept, tt.kept)
			}
			if !slices.Equal(rerolled, tt.rerolled) {
				t.Errorf("rerolled = %v, want %v", rerolled, tt.rerolled)
			}
			if r.Total != tt.total {
				t.Errorf("total = %d, want %d", r.Total, tt.total)
			}
			if !slices.Equal(r.Rolls, tt.faces) || len(src.faces) != 0 {
				t.Errorf("rolls = %v, want every face drawn, in order: %v", r.Rolls, tt.faces)
			}
		})
	}
}

func TestSameSeedSameResult(t *testing.T) {
	for _, expr := range []string{"1d20+5", "2d6+1d4+3", "4d6kh3", "d%-1d4"} {
		for _, opts := range [][]dice.Option{nil, {dice.Advantage()}, {dice.Critical(), dice.RerollBelow(3)}, {dice.RerollLow(2)}} {
			a, _ := json.Marshal(dice.Roll(dice.MustParse(expr), dice.NewSeeded(99), opts...))
			b, _ := json.Marshal(dice.Roll(dice.MustParse(expr), dice.NewSeeded(99), opts...))
			if !bytes.Equal(a, b) {
				t.Errorf("%s: same seed, different JSON:\n%s\n%s", expr, a, b)
			}
		}
	}
}

// TestKnownSeededResults freezes the seeded source and the roller: a change
// here changes the replay of every stored roll.
func TestKnownSeededResults(t *testing.T) {
	tests := []struct {
		name string
		expr string
		opts []dice.Option
		want string
	}{
		{"Attack", "1d20+5", nil,
			`{"dice":"1d20+5","rolls":[6],"total":11,"natural":6,"terms":[{"dice":"1d20","rolls":[6],"kept":[6],"subtotal":6},{"dice":"5","modifier":5,"subtotal":5}]}`},
		{"AttackWithAdvantage", "1d20+5", []dice.Option{dice.Advantage()},
			`{"dice":"1d20+5","rolls":[6,9],"total":14,"natural":9,"advantage":true,"terms":[{"dice":"2d20kh1","rolls":[6,9],"kept":[9],"dropped":[6],"subtotal":9},{"dice":"5","modifier":5,"subtotal":5}]}`},
		{"AbilityScore", "4d6kh3", nil,
			`{"dice":"4d6kh3","rolls":[2,3,4,1],"total":9,"terms":[{"dice":"4d6kh3","rolls":[2,3,4,1],"kept":[2,3,4],"dropped":[1],"subtotal":9}]}`},
		{"GreatWeaponFightingCritical", "2d6+1d4+3", []dice.Option{dice.Critical(), dice.RerollBelow(3)},
			`{"dice":"2d6+1d4+3","rolls":[2,3,4,1,6,5,4,1,1],"total":26,"critical":true,"reroll_below":3,"terms":[{"dice":"4d6","rolls":[2,3,4,1,6,5],"kept":[6,3,4,5],"rerolled":[{"die":0,"from":2,"to":6},{"die":3,"from":1,"to":5}],"subtotal":18},{"dice":"2d4","rolls":[4,1,1],"kept":[4,1],"rerolled":[{"die":1,"from":1,"to":1}],"subtotal":5},{"dice":"3","modifier":3,"subtotal":3}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(dice.Roll(dice.MustParse(tt.expr), dice.NewSeeded(1), tt.opts...))
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("got  %s\nwant %s", b, tt.want)
			}
		})
	}
}

func TestResultReplaysFromItsOptions(t *testing.T) {
	for _, opts := range [][]dice.Option{
		nil,
		{dice.Advantage()},
		{dice.Disadvantage(), dice.Lucky()},
		{dice.Advantage(), dice.Disadvantage()},
		{dice.Critical(), dice.RerollBelow(3)},
	} {
		for seed := range uint64(50) {
			r := dice.Roll(dice.MustParse("1d20+1d6+2"), dice.NewSeeded(seed), opts...)
			again := dice.Roll(dice.MustParse(r.Expr), dice.NewSeeded(seed), r.Options()...)
			if !reflect.DeepEqual(r, again) {
				t.Fatalf("seed %d: replay differs:\n%+v\n%+v", seed, r, again)
			}
		}
	}
}

func TestResultWireShape(t *testing.T) {
	b, err := json.Marshal(dice.Roll(dice.MustParse("5"), dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"dice":"5","rolls":[],"total":5,"terms":[{"dice":"5","modifier":5,"subtotal":5}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(dice.Roll(dice.Expr{}, dice.NewSeeded(1)))
	if string(b) != `{"dice":"0","rolls":[],"total":0,"terms":[]}` {
		t.Errorf("zero Expr rolls to %s", b)
	}
}

func TestRollPanicsOnBrokenSource(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "Source.Intn(6) returned 6") {
			t.Errorf("panic = %q", msg)
		}
	}()
	dice.Roll(dice.MustParse("1d6"), scripted(7))
}

// TestTotalWithinBounds rolls random valid expressions, written the ways
// players write them, under many seeds and options.
func TestTotalWithinBounds(t *testing.T) {
	gen := rand.New(rand.NewPCG(7, 7))
	optionSets := [][]dice.Option{
		nil,
		{dice.Advantage()},
		{dice.Disadvantage()},
		{dice.RerollBelow(3)},
		{dice.Lucky(), dice.Advantage()},
	}
	tried := 0
	for range 2000 {
		in := randomExpr(gen)
		e, err := dice.Parse(in)
		for err != nil && strings.Contains(err.Error(), "written out in full") && tried < 1000 {
			tried++ // "d%" and "d20" grow when written out in full
			in = randomExpr(gen)
			e, err = dice.Parse(in)
		}
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if again := dice.MustParse(e.String()); again != e {
			t.Fatalf("%q -> %q -> %q", in, e, again)
		}
		if e.Min() > e.Max() {
			t.Fatalf("%q: Min %d > Max %d", e, e.Min(), e.Max())
		}
		for seed := range uint64(10) {
			for _, opts := range optionSets {
				r := dice.Roll(e, dice.NewSeeded(seed), opts...)
				checkResult(t, e, r, e.Min(), e.Max())
			}
			// A critical hit doubles the dice part of both bounds.
			r := dice.Roll(e, dice.NewSeeded(seed), dice.Critical())
			flat := 0
			for _, term := range r.Terms {
				flat += term.Modifier
			}
			checkResult(t, e, r, 2*e.Min()-flat, 2*e.Max()-flat)
		}
	}
}

func checkResult(t *testing.T, e dice.Expr, r dice.Result, lo, hi int) {
	t.Helper()
	if r.Total < lo || r.Total > hi {
		t.Fatalf("%q: total %d outside [%d, %d]", e, r.Total, lo, hi)
	}
	sum, n := 0, 0
	for _, term := range r.Terms {
		sum += term.Subtotal
		n += len(term.Rolls)
	}
	if sum != r.Total || n != len(r.Rolls) {
		t.Fatalf("%q: subtotals sum to %d, total %d; %d term rolls, %d rolls", e, sum, r.Total, n, len(r.Rolls))
	}
}

// randomExpr writes a random valid expression, with the spacing, case and
// shorthand players use.
func randomExpr(g *rand.Rand) string {
	var b strings.Builder
	sp := func() {
		if g.IntN(4) == 0 {
			b.WriteString(" ")
		}
	}
	n := 1 + g.IntN(dice.MaxTerms)
	for i := range n {
		sp()
		if i > 0 || g.IntN(4) == 0 {
			b.WriteByte("+-"[g.IntN(2)])
			sp()
		}
		if g.IntN(3) == 0 {
			fmt.Fprint(&b, g.IntN(dice.MaxModifier+1))
			continue
		}
		count := 1 + g.IntN(dice.MaxDice)
		if count > 1 || g.IntN(2) == 0 {
			fmt.Fprint(&b, count)
		}
		b.WriteByte("dD"[g.IntN(2)])
		switch g.IntN(4) {
		case 0:
			b.WriteByte('%')
		case 1:
			fmt.Fprint(&b, []int{4, 6, 8, 10, 12, 20}[g.IntN(6)])
		default:
			fmt.Fprint(&b, dice.MinSides+g.IntN(dice.MaxSides-dice.MinSides+1))
		}
		if g.IntN(3) == 0 {
			b.WriteString([]string{"kh", "kl", "KH", "Kl"}[g.IntN(4)])
			fmt.Fprint(&b, 1+g.IntN(count))
		}
	}
	s := b.String()
	if len(s) > dice.MaxInput {
		return randomExpr(g)
	}
	return s
}

func TestAbilityScoreDistribution(t *testing.T) {
	const n = 200_000
	const want = 15869.0 / 1296 // exact mean of 4d6 keep highest 3: 12.2446
	e := dice.MustParse("4d6kh3")
	src := dice.NewSeeded(2024)
	var counts [19]int
	sum := 0
	for range n {
		r := dice.Roll(e, src)
		sum += r.Total
		counts[r.Total]++
	}
	// The standard error of the mean is 2.85/sqrt(n) = 0.0064; with a fixed
	// seed the result never changes, and 0.05 is nearly eight of them.
	mean := float64(sum) / n
	t.Logf("mean %.4f; 3 came up %d times, 18 %d times", mean, counts[3], counts[18])
	if mean < want-0.05 || mean > want+0.05 {
		t.Errorf("mean = %.4f, want %.4f ± 0.05", mean, want)
	}
	// 3 comes up 1 time in 1296, 18 21 times: about 154 and 3241 here.
	if counts[3] < 100 || counts[3] > 210 || counts[18] < 3000 || counts[18] > 3500 {
		t.Errorf("3 came up %d times, 18 %d times", counts[3], counts[18])
	}
}

func BenchmarkParseAndRoll(b *testing.B) {
	for _, expr := range []string{"1d20+5", "2d6+1d4+3", "4d6kh3"} {
		b.Run(expr, func(b *testing.B) {
			src := dice.NewSeeded(1)
			b.ReportAllocs()
			for b.Loop() {
				e, err := dice.Parse(expr)
				if err != nil {
					b.Fatal(err)
				}
				dice.Roll(e, src)
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dice.Parse("2d6+1d4+3"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRollCrypto(b *testing.B) {
	e := dice.MustParse("2d6+1d4+3")
	src := dice.Crypto()
	b.ReportAllocs()
	for b.Loop() {
		dice.Roll(e, src)
	}
}
