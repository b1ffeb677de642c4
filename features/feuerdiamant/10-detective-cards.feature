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

  @FD-CARD-04 @ruling
  Rule: "Ignore the Hazard Die" cancels the die's result, if played after the roll and before the result is carried out
    Source: Cards and Tokens ¶88
    Once the indicator has moved there is no result left to ignore, so we offer
    the card only in the hazard step.

    Example: Peter's red roll is ignored
      Given a 2-player game at difficulty 2
      And Peter holds "Ignore the Hazard Die"
      And Peter has rolled "red" and 3
      When Peter plays "Ignore the Hazard Die"
      Then the red hazard indicator stands on space 2
      And it is Peter's movement step

    Example: too late after the indicator moved
      Given a 2-player game at difficulty 2
      And Justus holds "Ignore the Hazard Die"
      And no event token lies on the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then Justus cannot play "Ignore the Hazard Die"

  @FD-CARD-05 @ruling
  Rule: "Investigation Success" moves any one hazard indicator back one space, at any time; never back beyond the first space
    Source: Cards and Tokens ¶89
    The rulebook gives no floor; an indicator on the first space of its track has
    nowhere to go back to, so the card cannot be played on that track.

    Example: white goes back from 4 to 3 during Peter's hazard step
      Given a 2-player game at difficulty 4
      And Justus holds "Investigation Success"
      And Peter has rolled "red" and 3
      When Justus plays "Investigation Success" on the white track
      Then the white hazard indicator stands on space 3

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

    Example: another suspect's card works the same way, only with that suspect
      Given a 2-player game at difficulty 3
      And Peter holds "Victor Hugenay"
      And "Wolf's Face" lies face up at "Wasserwerk"
      And it is Peter's detective cards step on "Wasserwerk"
      Then Peter cannot play "Victor Hugenay"

  @FD-CARD-09
  Rule: A helper's card (such as "Morton"), played on the location where that helper lies face up, moves one indicator back two spaces
    Source: Cards and Tokens ¶94

    Example: Morton's card at Hospital
      Given a 2-player game at difficulty 4
      And Peter holds "Morton"
      And "Morton" lies face up at "Hospital"
      And it is Peter's detective cards step on "Hospital"
      When Peter plays "Morton" on the brown track
      Then the brown hazard indicator stands on space 2

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
    Source: Cards and Tokens ¶94
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
