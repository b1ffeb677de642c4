Feature: Detective cards
  Transcribes the rulebook sections "4. Detective Cards" and "The Detective
  Cards" (playable at any time; playable only at the end of your own turn).

  @FD-CARD-01 @ruling @model-board
  Rule: A card with the fellow-players symbol may be played by any player at any time, and it works for the player whose turn it is
    Source: Game Sequence ¶70
    We let the player who plays such a card name its choice (which track, which
    token) in the same move: the rulebook has the active player carry it out,
    and in a cooperative game the two agree before the card is laid down.
    "At any time" means whenever a player is to decide, from the hazard step to
    the end of the turn; while the dice roll or a card is being drawn, nobody
    plays in between.

    Example: Justus helps Peter with "Movement +3"
      Given a 2-player game at difficulty 1
      And Justus holds "Movement +3"
      And Peter has rolled "red" and 2
      And it is Peter's movement step on "Zentrale"
      Then Peter cannot move to "Hospital"
      When Justus plays "Movement +3"
      Then Peter may move to "Hospital"
      And Justus holds no "Movement +3"

  @FD-CARD-02 @ruling @model-board
  Rule: "Movement +3" cards add up, three spaces each, and may be played from the roll until the figure has moved
    Source: Cards and Tokens ¶90
    The rulebook's example has two players play one each for six extra spaces;
    we let any number of these cards add up, three spaces apiece. After the
    figure has moved the card could change nothing, so it is no longer offered.

    Example: one card adds exactly three: a roll of 1 then reaches four spaces, not five
      Given a 2-player game at difficulty 1
      And Justus holds "Movement +3"
      And Peter has rolled "red" and 1
      And it is Peter's movement step on "Zentrale"
      When Justus plays "Movement +3"
      Then Peter may move to "Jachthafen"
      And Peter cannot move to "Hospital"

    Example: two cards give six extra spaces
      Given a 3-player game at difficulty 1
      And Justus holds "Movement +3"
      And Bob holds "Movement +3"
      And Peter has rolled "red" and 1
      And it is Peter's movement step on "Zentrale"
      When Justus plays "Movement +3"
      Then Peter cannot move to "Leuchtturm"
      When Bob plays "Movement +3"
      Then Peter may move to "Leuchtturm"

    Example: after the move it is too late
      Given a 2-player game at difficulty 1
      And Justus holds "Movement +3"
      And it is Peter's action step on "Zentrale"
      Then Justus cannot play "Movement +3"

    Example: while an event token is carried out it is not too late
      Given a 2-player game at difficulty 5
      And Justus holds "Movement +3"
      And no event token lies on the blue track
      And the event token "1 blue" lies on space 6 of the red track
      And Peter has rolled "red" and 1
      When Peter moves the red hazard indicator
      Then it is Peter's event step
      When Justus plays "Movement +3"
      And Peter carries out the event
      Then Peter may move to "Schrottplatz"

  @FD-CARD-03 @model-tracks
  Rule: "Ignore an Event Token" puts any event token still on a hazard track into the box without effect, even one just activated
    Source: Cards and Tokens ¶86-87

    Example: ignoring the activated token on red space 6
      Given a 2-player game at difficulty 5
      And Justus holds "Ignore an Event Token"
      And no event token lies on the blue track
      And the event token "2 blue" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Justus plays "Ignore an Event Token" on space 6 of the red track
      Then the event token on space 6 of the red track is gone
      And the blue hazard indicator stands on space 5
      And it is Peter's movement step

    Example: a token no indicator has reached yet goes too
      Given a 2-player game at difficulty 3
      And Justus holds "Ignore an Event Token"
      And it is Peter's detective cards step on "Zentrale"
      When Justus plays "Ignore an Event Token" on space 9 of the white track
      Then the event token on space 9 of the white track is gone
      And the event token on space 6 of the white track is still there

  @FD-CARD-04
  Rule: "Ignore the Hazard Die", played after the hazard die is rolled, cancels the die's result
    Source: Cards and Tokens ¶88
    See also: FD-CARD-15

    Example: Peter's red roll is ignored
      Given a 2-player game at difficulty 2
      And Peter holds "Ignore the Hazard Die"
      And Peter has rolled "red" and 3
      When Peter plays "Ignore the Hazard Die"
      Then the red hazard indicator stands on space 2
      And it is Peter's movement step
      And Peter holds no "Ignore the Hazard Die"

    Example: another any-time card played in the hazard step cancels nothing: the die is still carried out
      Given a 2-player game at difficulty 2
      And Justus holds "Movement +3"
      And Peter has rolled "red" and 3
      When Justus plays "Movement +3"
      Then it is Peter's hazard step
      And Peter may move the red hazard indicator

  @FD-CARD-15 @ruling
  Rule: "Ignore the Hazard Die" can no longer be played once the die's result has been carried out
    Source: Cards and Tokens ¶88
    Once the indicator has moved there is no result left to ignore, so we offer
    the card only in the hazard step.

    Example: too late after the indicator moved
      Given a 2-player game at difficulty 2
      And Justus holds "Ignore the Hazard Die"
      And no event token lies on the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then Justus cannot play "Ignore the Hazard Die"

    Example: too late while the token the die reached is carried out
      Given a 2-player game at difficulty 5
      And Justus holds "Ignore the Hazard Die"
      And the event token "1 blue" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then it is Peter's event step
      And Justus cannot play "Ignore the Hazard Die"

  @FD-CARD-05
  Rule: "Investigation Success" moves any one hazard indicator back one space, at any time
    Source: Cards and Tokens ¶89
    See also: FD-CARD-16, FD-CARD-14

    Example: white goes back from 4 to 3 during Peter's hazard step
      Given a 2-player game at difficulty 4
      And Justus holds "Investigation Success"
      And Peter has rolled "red" and 3
      When Justus plays "Investigation Success" on the white track
      Then the white hazard indicator stands on space 3

  @FD-CARD-16 @ruling
  Rule: "Investigation Success" cannot be played on a track whose indicator stands on its first space
    Source: Cards and Tokens ¶89
    The rulebook gives no floor; an indicator on the first space of its track has
    nowhere to go back to, so the card cannot be played on that track.

    Example: not below the first space
      Given a 2-player game at difficulty 1
      And Justus holds "Investigation Success"
      And the red hazard indicator stands on space 3
      And Peter has rolled "red" and 3
      When Justus tries to play "Investigation Success" on the white track
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-CARD-06
  Rule: The other cards may be played only by the active player at the end of his own turn, after the action
    Source: Game Sequence ¶67-69; Cards and Tokens ¶91
    See also: FD-CARD-01

    Example: the Central Office card waits for the end of the turn
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's action step on "Zentrale"
      Then Peter cannot play "Central Office"
      When Peter ends the action
      Then Peter may play "Central Office"

    Example: Justus may not play his end-of-turn card in Peter's turn
      Given a 2-player game at difficulty 3
      And Justus holds "Central Office"
      And Justus's figure stands on "Zentrale"
      And it is Peter's detective cards step on "Zentrale"
      When Justus tries to play "Central Office" to move back on the red track
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @FD-CARD-07 @model-tracks
  Rule: "Central Office", played in the Central Office, gives two detective cards, or moves one indicator back two spaces, or puts the first event token ahead of one indicator into the box
    Source: Cards and Tokens ¶92

    Example: two more cards
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to draw
      Then 2 detective cards are to be drawn for Peter

    Example: red back from 3 to 1
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to move back on the red track
      Then the red hazard indicator stands on space 1

    Example: the first token ahead of white leaves the track
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to discard event on the white track
      Then the event token on space 6 of the white track is gone
      And the event token on space 7 of the white track is still there

    Example: the rulebook's note: the Central Office's own card and this card give three in one turn
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's action step on "Zentrale"
      When Peter draws a detective card
      And chance draws "Recall"
      And Peter plays "Central Office" to draw
      Then 2 detective cards are to be drawn for Peter
      When chance draws "Movement +3"
      And chance draws "Wolf's Face"
      Then Peter holds "Recall"
      And Peter holds "Movement +3"
      And Peter holds "Wolf's Face"

    Example: not outside the Central Office
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And it is Peter's detective cards step on "Rathaus"
      Then Peter cannot play "Central Office"

  @FD-CARD-08 @model-tracks
  Rule: A suspect's card (such as "Wolf's Face"), played on the location where that suspect lies face up, puts the first event token ahead of one indicator into the box
    Source: Cards and Tokens ¶93

    Example: Wolf's Face at Wasserwerk
      Given a 2-player game at difficulty 3
      And Peter holds "Wolf's Face"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      When Peter plays "Wolf's Face" on the blue track
      Then the event token on space 6 of the blue track is gone

    Scenario Outline: <suspect>'s card works the same way where <suspect> lies face up
      Given a 2-player game at difficulty 3
      And Peter holds "<suspect>"
      And "<suspect>" lies face up at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      When Peter plays "<suspect>" on the blue track
      Then the event token on space 6 of the blue track is gone
      And the event token on space 7 of the blue track is still there

      Examples:
        | suspect        |
        | Victor Hugenay |
        | Skinny Norris  |
        | Elliot Krieger |
        | Brittany       |
        | Mr. Dalton     |

    Example: another suspect's card works only with that suspect, not with Wolf's Face
      Given a 2-player game at difficulty 3
      And Peter holds "Victor Hugenay"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Victor Hugenay"

    Example: not where Wolf's Face lies face down
      Given a 2-player game at difficulty 3
      And Peter holds "Wolf's Face"
      And "Wolf's Face" lies face down at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Wolf's Face"

  @FD-CARD-09
  Rule: A helper's card (such as "Morton"), played on the location where that helper lies face up, moves one indicator back two spaces
    Source: Cards and Tokens ¶94

    Scenario Outline: <helper>'s card at Hospital
      Given a 2-player game at difficulty 4
      And Peter holds "<helper>"
      And "<helper>" lies face up at "Hospital"
      And it is Peter's detective cards step on "Hospital"
      When Peter plays "<helper>" on the brown track
      Then the brown hazard indicator stands on space 2
      And the red hazard indicator stands on space 4

      Examples:
        | helper        |
        | Morton        |
        | Uncle Titus   |
        | Aunt Mathilda |

    Example: a helper's card works only with that helper
      Given a 2-player game at difficulty 4
      And Peter holds "Uncle Titus"
      And "Morton" lies face up at "Hospital"
      And it is Peter's detective cards step on "Hospital"
      Then Peter cannot play "Uncle Titus"

    Example: not where Morton is face down
      Given a 2-player game at difficulty 4
      And Peter holds "Morton"
      And "Morton" lies face down at "Hospital"
      And it is Peter's detective cards step on "Hospital"
      Then Peter cannot play "Morton"

  @FD-CARD-10
  Rule: "Remove an Obstacle" removes the obstacle on the player's location without a second figure, and earns a detective card
    Source: Cards and Tokens ¶95-96

    Example: Peter alone removes the obstacle at Wasserwerk
      Given a 2-player game at difficulty 1
      And Peter holds "Remove an Obstacle"
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      When Peter plays "Remove an Obstacle"
      Then no obstacle lies on "Wasserwerk"
      And 1 detective cards are to be drawn for Peter

  @FD-CARD-11 @model-board
  Rule: "Remove a Roadblock" removes a roadblock next to the player's location without a second figure, and earns a detective card
    Source: Cards and Tokens ¶97-98

    Example: Peter alone removes the roadblock next to Hospital
      Given a 2-player game at difficulty 1
      And Peter holds "Remove a Roadblock"
      And a roadblock lies between "Hospital" and "Kunstgalerie"
      And it is Peter's detective cards step on "Hospital"
      When Peter plays "Remove a Roadblock" on the roadblock between "Hospital" and "Kunstgalerie"
      Then no roadblock lies between "Hospital" and "Kunstgalerie"
      And 1 detective cards are to be drawn for Peter

    Example: not a roadblock on a path that does not touch his location
      Given a 2-player game at difficulty 1
      And Peter holds "Remove a Roadblock"
      And a roadblock lies between "Rathaus" and "Zeitungsverlag"
      And it is Peter's detective cards step on "Hospital"
      When Peter tries to play "Remove a Roadblock" on the roadblock between "Rathaus" and "Zeitungsverlag"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-CARD-12 @ruling
  Rule: "Recall" returns one person card from beside the board face up onto a location without a person card, except the Central Office, wherever the player's figure stands
    Source: Game Sequence ¶43
    The rulebook names Recall only as one way back for a suspect in hiding. We
    give it Morton's effect as an end-of-turn card: any person beside the board,
    any empty location but the Central Office, no condition on the figure.

    Example: Recall brings Hugenay back to Leuchtturm
      Given a 2-player game at difficulty 1
      And Peter holds "Recall"
      And "Victor Hugenay" is in hiding beside the board
      And no person card lies at "Leuchtturm"
      And it is Peter's detective cards step on "Rathaus"
      When Peter plays "Recall" to return "Victor Hugenay" to "Leuchtturm"
      Then "Victor Hugenay" lies face up at "Leuchtturm"

  @FD-CARD-13
  Rule: Any number of detective cards may be played, in the turn they were drawn or later, and played cards go into the box
    Source: Game Sequence ¶68, ¶71; Cards and Tokens ¶85

    Example: Peter plays two cards at the end of one turn
      Given a 2-player game at difficulty 4
      And Peter holds "Central Office"
      And Peter holds "Investigation Success"
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to move back on the red track
      And Peter plays "Investigation Success" on the red track
      Then the red hazard indicator stands on space 1
      And Peter holds no "Central Office"
      And Peter holds no "Investigation Success"
      And 2 detective cards lie in the box

    Example: a card drawn in this turn may be played at once
      Given a 2-player game at difficulty 4
      And it is Peter's action step on "Zentrale"
      When Peter draws a detective card
      And chance draws "Investigation Success"
      And Peter plays "Investigation Success" on the red track
      Then the red hazard indicator stands on space 3

    Example: a card kept from an earlier turn may be played later
      Given a 2-player game at difficulty 4
      And Peter holds "Investigation Success"
      And it is Peter's detective cards step on "Zentrale"
      When Peter ends the turn
      And the dice show "blue" and 1
      Then Peter may play "Investigation Success" on the red track

  @FD-CARD-14 @ruling
  Rule: No card moves a hazard indicator back beyond the first space of its track
    Source: Cards and Tokens ¶89, ¶92, ¶94
    The rulebook gives no floor. The first space is where the track begins, so a
    card that moves an indicator back two spaces from space 2 leaves it on
    space 1, and the rest of the move is lost.

    Example: "Central Office" takes red from 2 only to 1
      Given a 2-player game at difficulty 2
      And Peter holds "Central Office"
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to move back on the red track
      Then the red hazard indicator stands on space 1

  @FD-CARD-17 @ruling @model-deck
  Rule: The cards that allow one additional action are "Remove an Obstacle" and "Remove a Roadblock": each is action c once more at the end of the turn, with no second figure needed; no card grants another action a, b or d
    Source: Game Sequence ¶69; Cards and Tokens ¶95-98
    See also: FD-ACT-01, FD-CARD-10, FD-CARD-11
    The rulebook says some end-of-turn cards allow one additional action, but
    its list of cards names none that grants a free action.  The only cards
    that carry out what an action does are these two, which remove an
    obstacle or a roadblock as action c would, without the second figure; we
    read them as the additional actions.  So a turn may see one action a to d
    and then, by cards, removals; never a second reveal, interrogation, helper
    or Central Office draw.

    Example: after revealing a clue Peter removes a roadblock with his card: two actions in one turn
      Given a 2-player game at difficulty 1
      And Peter holds "Remove a Roadblock"
      And a roadblock lies between "Hospital" and "Kunstgalerie"
      And the clue "glove" lies face down at "Hospital"
      And it is Peter's action step on "Hospital"
      When Peter reveals the clue
      And Peter plays "Remove a Roadblock" on the roadblock between "Hospital" and "Kunstgalerie"
      Then the clue "glove" lies face up at "Hospital"
      And no roadblock lies between "Hospital" and "Kunstgalerie"

    Example: no card gives a second reveal
      Given a 2-player game at difficulty 1
      And Peter holds "Remove a Roadblock"
      And Peter holds "Central Office"
      And the clue "glove" lies face down at "Hospital"
      And "Aunt Mathilda" lies face down at "Hospital"
      And it is Peter's action step on "Hospital"
      When Peter reveals the clue
      Then Peter cannot reveal the person
      And Peter cannot use the helper

  @FD-CARD-18 @ruling @model-tracks
  Rule: A card that puts "the first event token ahead" of an indicator into the box cannot be played for a track with no token left ahead of its indicator
    Source: Cards and Tokens ¶92-93
    The "Central Office" card and the suspects' cards speak of the first event
    token ahead of the indicator; on a track where none is left there is no
    such token, so that choice is not offered (the card stays in the hand, or
    the Central Office card is played for one of its other effects).

    Example: the white track is empty: the Central Office card may discard only elsewhere
      Given a 2-player game at difficulty 3
      And Peter holds "Central Office"
      And no event token lies on the white track
      And it is Peter's detective cards step on "Zentrale"
      Then Peter cannot play "Central Office" to discard event on the white track
      And Peter may play "Central Office" to discard event on the red track
      And Peter may play "Central Office" to move back on the white track

    Example: Wolf's Face's card has nothing to take from an empty blue track
      Given a 2-player game at difficulty 3
      And Peter holds "Wolf's Face"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And no event token lies on the blue track
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Wolf's Face" on the blue track
      And Peter may play "Wolf's Face" on the red track

  @FD-CARD-19 @ruling
  Rule: On a location blocked by an obstacle, the only card for the figure's location that may be played is "Remove an Obstacle"
    Source: Game Sequence ¶63; Cards and Tokens ¶93-97, ¶100
    See also: FD-OBS-01
    The rulebook blocks the location completely: no action but removing the
    obstacle, and its person card cannot be used.  So a suspect's or helper's
    card cannot be played there (the person is out of reach), nor "Remove a
    Roadblock" (removing a roadblock is another action); "Remove an Obstacle"
    is exactly the action still allowed.  Cards that ask nothing of the
    location ("Recall") are not concerned.

    Example: under an obstacle at Wasserwerk, Peter may only remove it
      Given a 2-player game at difficulty 3
      And Peter holds "Wolf's Face"
      And Peter holds "Remove a Roadblock"
      And Peter holds "Remove an Obstacle"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And a roadblock lies between "Palisades Park" and "Wasserwerk"
      And the obstacle "No Helpers" lies on "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Wolf's Face"
      And Peter cannot play "Remove a Roadblock"
      And Peter may play "Remove an Obstacle"

  @FD-CARD-20 @ruling @model-board
  Rule: "Movement +3" and "Movement -2" both change the die's number: they add up first, and only the total is held at zero
    Source: Cards and Tokens ¶90, ¶106
    See also: FD-OBS-12
    The card adds to the result of the movement die and the obstacle shortens every movement; the text does not
    say how the two meet.  Both change the same number, so we add them and hold only the total at zero
    (FD-OBS-12): a 1 under "Movement -2" with one card moves 1 - 2 + 3 = 2 spaces, not 0 + 3.

    Example: a 1 under "Movement -2" with one "+3" card moves two spaces, not three
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Leuchtturm"
      And Justus holds "Movement +3"
      And Peter has rolled "red" and 1
      And it is Peter's movement step on "Zentrale"
      When Justus plays "Movement +3"
      Then Peter may move to "Schrottplatz~Zentrale:1"
      And Peter cannot move to "Schrottplatz"
