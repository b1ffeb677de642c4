Feature: Winning the Game — making an accusation
  Transcribes the rulebook section "Winning the Game / Making an
  Accusation", with "Are you right?" and "No player makes the correct
  accusation?": accuse only in the Headquarters; right wins and is proven to
  all; wrong drops out of the race but keeps answering; nobody right leaves
  the case unsolved.  When to feel ready (three cards left unmarked, every
  other player's cards noted, as "Turn Sequence" step 4 also says) is advice
  to the player, not a rule: anyone in the Headquarters may accuse.

  Background:
    Given a game of Justus Jonas, Peter Shaw and Bob Andrews
    And the case file holds Brittany, the golden belt and the Memorial Hospital

  @CD-ACC-01
  Rule: An accusation can only be made in the Headquarters, on arriving there
    Source: Making an Accusation ¶79
    See also: CD-ADV-05, CD-ACC-06, CD-MOV-04
    Example: Justus in the Strand cannot accuse
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to accuse Brittany, the golden belt and the Memorial Hospital
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: arriving in the Headquarters Justus may accuse
      Given Justus Jonas has just entered the Headquarters
      Then Justus Jonas must accuse or end the turn

    Example: starting a later turn in the Headquarters, Justus cannot accuse without leaving and coming back
      Given Justus Jonas stands in the Headquarters
      And it is Justus Jonas's turn
      When Justus Jonas tries to accuse Brittany, the golden belt and the Memorial Hospital
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-ACC-02
  Rule: A right accusation wins, and the case file is shown to everybody as proof
    Source: Making an Accusation ¶80-82
    Example: everybody sees Brittany, the golden belt and the Memorial Hospital
      Given Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses Brittany, the golden belt and the Memorial Hospital
      Then Justus Jonas has won the game
      And everybody sees the case file: Brittany, the golden belt and the Memorial Hospital

  @CD-ACC-03
  Rule: A wrong accusation puts the accuser out of the race; they alone have looked in the case file, which goes back unseen by the others
    Source: Making an Accusation ¶80, ¶83
    See also: CD-ACC-04, CD-ACC-07, CD-ACC-08
    Scenario Outline: Justus names the wrong <wrong>
      Given Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses <suspect>, the <item> and the <location>
      Then Justus Jonas is out of the race
      And nobody but Justus Jonas has looked into the case file

      Examples:
        | wrong           | suspect        | item        | location          |
        | suspect         | Mr. Grey       | golden belt | Memorial Hospital |
        | item            | Brittany       | painting    | Memorial Hospital |
        | location        | Brittany       | golden belt | Strand            |
        | three all wrong | Wilbur Graham  | painting    | Friedhof          |

  @CD-ACC-04
  Rule: A player out of the race keeps their cards secret and shows them when asked, but never again questions or accuses
    Source: Making an Accusation ¶83
    They never get a turn to question or accuse in: see CD-ACC-08.

    Example: Justus, out of the race, must still show Dick Perry to Bob
      Given Justus Jonas holds Dick Perry
      And Justus Jonas is out of the race
      And Bob Andrews has just entered the Strand
      When Bob Andrews asks about Dick Perry, the painting and the Strand
      Then Justus Jonas must show a card
      And no view shows another player's hand

  @CD-ACC-05
  Rule: If no player accuses rightly, the case stays unsolved and the case file is shown to everybody
    Source: Making an Accusation ¶84-85
    See also: CD-ACC-09
    Example: Bob is the last to get it wrong
      Given Justus Jonas is out of the race
      And Peter Shaw is out of the race
      And Bob Andrews has just entered the Headquarters
      When Bob Andrews accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then the case remains unsolved
      And everybody sees the case file: Brittany, the golden belt and the Memorial Hospital
      And the game is over

    Example: Bob is wrong, but Peter can still accuse: the case is not over
      Given Justus Jonas is out of the race
      And Bob Andrews has just entered the Headquarters
      When Bob Andrews accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then the game goes on

  @CD-ACC-06 @ruling
  Rule: A player in the Headquarters may end the turn without accusing
    Source: Making an Accusation ¶79
    The rulebook sends a player there to accuse once sure, but nothing forces
    a guess; declining simply ends the turn.  The chance to accuse comes with
    arriving: a player who stays must leave and come back to accuse later
    (CD-ACC-01).

    Example: Justus ends his turn in the Headquarters
      Given Justus Jonas has just entered the Headquarters
      When Justus Jonas ends the turn
      Then it is Peter Shaw's turn
      And Justus Jonas stands in the Headquarters

  @CD-ACC-07 @ruling
  Rule: The last player still in the race plays on alone and must still accuse rightly to win
    Source: Making an Accusation ¶84-85
    The rulebook does not make the last player the winner; it says the case
    stays unsolved if no player accuses rightly.  So the last player keeps
    taking turns until they accuse.

    @needs:CD-ACC-03
    Example: Peter's wrong accusation leaves Bob alone in the race, and it is Bob's turn
      Given Justus Jonas is out of the race
      And Peter Shaw has just entered the Headquarters
      When Peter Shaw accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then it is Bob Andrews's turn

    @needs:CD-END-01
    Example: with Justus and Peter out, Bob plays turn after turn
      Given Justus Jonas is out of the race
      And Peter Shaw is out of the race
      And Bob Andrews has just entered the Strand
      When Bob Andrews asks about Dick Perry, the painting and the Strand
      And every question is answered
      Then it is Bob Andrews's turn

    Example: alone in the race, Bob wins with the right accusation
      Given Justus Jonas is out of the race
      And Peter Shaw is out of the race
      And Bob Andrews has just entered the Headquarters
      When Bob Andrews accuses Brittany, the golden belt and the Memorial Hospital
      Then Bob Andrews has won the game
      And everybody sees the case file: Brittany, the golden belt and the Memorial Hospital

  @CD-ACC-08 @ruling
  Rule: A player out of the race takes no more turns; play passes over them to the next player still in the race
    Source: Making an Accusation ¶83
    The rulebook forbids them to question or accuse, which is all a turn is
    for; moving their pawn would change nothing, so their turns are skipped.
    The first two examples play the moment a player drops out; the others
    start with a player already out.

    @needs:CD-ACC-03
    Example: the moment Justus drops out, play passes to Peter
      Given Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then it is Peter Shaw's turn

    @needs:CD-ACC-03
    Example: the moment Bob drops out, play passes over Justus, already out, to Peter
      Given Justus Jonas is out of the race
      And Bob Andrews has just entered the Headquarters
      When Bob Andrews accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then it is Peter Shaw's turn

    @needs:CD-END-01
    Example: Justus's turns are skipped
      Given Justus Jonas is out of the race
      And Bob Andrews has just entered the Strand
      When Bob Andrews asks about Dick Perry, the painting and the Strand
      And every question is answered
      Then it is Peter Shaw's turn

    @needs:CD-END-01
    Example: even standing in the Headquarters, Justus gets no turn to accuse
      Given Justus Jonas is out of the race
      And Justus Jonas stands in the Headquarters
      And Bob Andrews has just entered the Strand
      When Bob Andrews asks about Dick Perry, the painting and the Strand
      And every question is answered
      Then it is Peter Shaw's turn

  @CD-ACC-09 @ruling
  Rule: The case is declared unsolved at the moment the last player still in the race accuses wrongly, and not before
    Source: Making an Accusation ¶84-85
    See also: CD-ACC-07
    The rulebook says the case stays unsolved if no player arrives at the
    three right cards, but not when that is settled.  While anyone is still in
    the race they may yet accuse rightly (CD-ACC-07), so the game ends
    unsolved only with the last player's wrong accusation.

    @needs:CD-ACC-03
    Example: with Bob still in the race, Peter's wrong accusation does not end the game
      Given Justus Jonas is out of the race
      And Peter Shaw has just entered the Headquarters
      When Peter Shaw accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then the game goes on

    Example: the last wrong accusation leaves nobody to act
      Given Justus Jonas is out of the race
      And Peter Shaw is out of the race
      And Bob Andrews has just entered the Headquarters
      When Bob Andrews accuses Mr. Grey, the golden belt and the Memorial Hospital
      Then the game is unsolved

    @model-board @needs:CD-MOV-04 @needs:CD-ACC-08
    Example: all three walk into the Headquarters in turn and accuse wrongly, and the game ends unsolved with the third
      Given Justus Jonas stands on Lane A3
      And Peter Shaw stands on Lane A3
      And Bob Andrews stands on Lane A3
      And it is Justus Jonas's turn
      When Justus Jonas rolls 2 and 2
      And Justus Jonas moves to the Headquarters
      And Justus Jonas accuses Mr. Grey, the golden belt and the Memorial Hospital
      And Peter Shaw rolls 2 and 2
      And Peter Shaw moves to the Headquarters
      And Peter Shaw accuses Brittany, the painting and the Memorial Hospital
      Then the game goes on
      When Bob Andrews rolls 2 and 2
      And Bob Andrews moves to the Headquarters
      And Bob Andrews accuses Brittany, the golden belt and the Strand
      Then the case remains unsolved
      And the game is over

  @CD-ACC-10 @ruling @model-board
  Rule: The Headquarters needs no exact roll: a pawn enters it like any location, with pips to spare, and may accuse at once, with no question first
    Source: Making an Accusation ¶79
    See also: CD-MOV-04, CD-ACC-01
    The text sends the accuser to the Headquarters, "the location in the middle", and does not say whether the
    roll must be exact, nor whether a question comes first.  It is a location, and a location needs no exact roll
    (¶57); nothing can be asked there, since it is no clue card (CD-CMP-02).

    Example: twelve pips from the door's lane still take Justus in, and he may accuse
      Given Justus Jonas stands on Lane A3
      When Justus Jonas rolls 6 and 6
      And Justus Jonas moves to the Headquarters
      Then Justus Jonas stands in the Headquarters
      And Justus Jonas must accuse or end the turn

  @CD-ACC-11
  Rule: A wrong accuser tells nobody which of the three named cards was wrong: the others learn only that the accusation failed
    Source: Making an Accusation ¶83
    See also: CD-ACC-03

    Scenario Outline: Justus names the wrong <wrong>, and the others cannot tell which
      Given Justus Jonas has just entered the Headquarters
      When Justus Jonas accuses <suspect>, the <item> and the <location>
      Then the others are told only that Justus Jonas accused <suspect>, the <item> and the <location> and was wrong

      Examples:
        | wrong           | suspect        | item        | location          |
        | suspect         | Mr. Grey       | golden belt | Memorial Hospital |
        | item            | Brittany       | painting    | Memorial Hospital |
        | location        | Brittany       | golden belt | Strand            |
        | three all wrong | Wilbur Graham  | painting    | Friedhof          |
